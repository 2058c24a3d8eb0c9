import { describe, expect, it } from 'vitest';
import {
  REFERRAL_ALPHABET,
  REFERRAL_CODE_LENGTH,
  addClassBody,
  referenceUserValidateBody,
  registerBody,
  registerBodyServer,
  resetPasswordBodyServer,
} from './schemas.ts';

const form = {
  first_name: 'Asha',
  last_name: 'Nair',
  email: 'Asha@Example.com',
  mobile: '9876543210',
  password: 'Secret@123',
  password_confirmation: 'Secret@123',
  disclaimer: true,
};

describe('accounts schemas', () => {
  it('uses a referral alphabet without look-alikes', () => {
    expect(REFERRAL_CODE_LENGTH).toBe(8);
    for (const c of '0O1IL') expect(REFERRAL_ALPHABET).not.toContain(c);
    expect(new Set(REFERRAL_ALPHABET).size).toBe(REFERRAL_ALPHABET.length);
  });

  it('normalises the register form: email lower-case, referral upper-case', () => {
    expect(registerBodyServer.parse({ ...form, ref_user: ' ab3k9xyz ' })).toMatchObject({
      email: 'asha@example.com',
      ref_user: 'AB3K9XYZ',
    });
    expect(referenceUserValidateBody.parse({ reference_user: 'ab3k9xyz' })).toEqual({ reference_user: 'AB3K9XYZ' });
  });

  it('checks the confirmation on the server only', () => {
    const mismatch = { ...form, password_confirmation: 'Secret@124' };
    expect(registerBody.safeParse(mismatch).success).toBe(true);
    const server = registerBodyServer.safeParse(mismatch);
    expect(server.success).toBe(false);
    expect(server.error!.issues).toEqual([
      expect.objectContaining({ path: ['password_confirmation'], message: 'Password confirmation does not match.' }),
    ]);
    const reset = resetPasswordBodyServer.safeParse({
      email: 'a@b.co',
      otp: '123456',
      password: 'Secret@123',
      password_confirmation: 'x',
    });
    expect(reset.error!.issues[0]!.path).toEqual(['password_confirmation']);
  });

  it('reads the batch choice from numbers or numeric strings', () => {
    expect(addClassBody.parse({ syllabus: '2', standard: 7, date_of_birth: '2010-05-01' })).toEqual({
      syllabus: 2,
      standard: 7,
      date_of_birth: '2010-05-01',
    });
    const missing = addClassBody.safeParse({});
    expect(missing.error!.issues.map((i) => i.message)).toEqual([
      'syllabus is required.',
      'standard is required.',
      'Date of birth is required.',
    ]);
  });
});
