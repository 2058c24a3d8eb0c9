import { describe, expect, it } from 'vitest';
import { bankDetailsBody, changePasswordBody, updateProfileBody } from './schemas.ts';
import { maskAccountNumber } from './rules.ts';

const firstMessage = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path[0] === field)?.message;

describe('bank details', () => {
  const valid = {
    full_name: 'Asha Rao',
    bank_name: 'State Bank of India',
    bank_branch: 'Kochi',
    account_number: '1234 5678 9012',
    ifsc_code: 'sbin0001234',
    pan_card: 'abcde1234f',
    current_password: 'Secret@123',
  };

  it('normalises before checking', () => {
    const parsed = bankDetailsBody.parse(valid);
    expect(parsed.account_number).toBe('123456789012');
    expect(parsed.ifsc_code).toBe('SBIN0001234');
    expect(parsed.pan_card).toBe('ABCDE1234F');
  });

  it("answers with the spec's messages", () => {
    const r = bankDetailsBody.safeParse({});
    expect(firstMessage(r, 'full_name')).toBe('Enter Account Holder Name');
    expect(firstMessage(r, 'bank_name')).toBe('Enter Bank Name');
    expect(firstMessage(r, 'bank_branch')).toBe('Enter Branch Name');
    expect(firstMessage(r, 'account_number')).toBe('Enter Account Number');
    expect(firstMessage(r, 'current_password')).toBe('Enter Current Password');
    expect(firstMessage(r, 'ifsc_code')).toBe('Enter IFSC Code');
    expect(firstMessage(r, 'pan_card')).toBe('Enter Pan Card Details');
  });

  it('refuses a bad IFSC, PAN or account number', () => {
    expect(firstMessage(bankDetailsBody.safeParse({ ...valid, ifsc_code: 'SBIN1001234' }), 'ifsc_code')).toBe(
      'Invalid IFSC Code',
    );
    expect(firstMessage(bankDetailsBody.safeParse({ ...valid, pan_card: 'ABCD1234FF' }), 'pan_card')).toBe(
      'Invalid Pan Card Details',
    );
    expect(firstMessage(bankDetailsBody.safeParse({ ...valid, account_number: '12345678' }), 'account_number')).toBe(
      'Invalid Account Number',
    );
    expect(
      firstMessage(bankDetailsBody.safeParse({ ...valid, account_number: '1234567890123456789' }), 'account_number'),
    ).toBe('Invalid Account Number');
    expect(firstMessage(bankDetailsBody.safeParse({ ...valid, account_number: '12345678A' }), 'account_number')).toBe(
      'Invalid Account Number',
    );
  });

  it('masks all but the last four digits', () => {
    expect(maskAccountNumber('123456789012')).toBe('********9012');
    expect(maskAccountNumber('123')).toBe('123');
  });
});

describe('profile update', () => {
  const base = { first_name: 'Asha', last_name: 'Rao', email: 'Asha@Example.com', mobile: '9876543210' };

  it('keeps absent optional fields absent and clears empty ones', () => {
    const parsed = updateProfileBody.parse({ ...base, city: '', gender_id: '2' });
    expect(parsed.email).toBe('asha@example.com');
    expect(parsed.city).toBeNull();
    expect(parsed.gender_id).toBe(2);
    expect('state' in parsed).toBe(false);
  });

  it('checks dates of birth and ids', () => {
    expect(updateProfileBody.safeParse({ ...base, date_of_birth: '2010-02-30' }).success).toBe(false);
    expect(updateProfileBody.parse({ ...base, date_of_birth: '2010-02-28' }).date_of_birth).toBe('2010-02-28');
    expect(firstMessage(updateProfileBody.safeParse({ ...base, gender_id: 'x' }), 'gender_id')).toBe(
      'Choose a valid gender.',
    );
  });

  it('requires the names, email and a 10-digit mobile', () => {
    const r = updateProfileBody.safeParse({ mobile: '12345' });
    expect(firstMessage(r, 'first_name')).toBe('First Name is required.');
    expect(firstMessage(r, 'email')).toBe('Email is required.');
    expect(firstMessage(r, 'mobile')).toBe('Invalid Mobile Number');
  });
});

describe('password change', () => {
  it('requires the current password and a matching strong new one', () => {
    expect(
      firstMessage(
        changePasswordBody.safeParse({ password: 'Secret@123', password_confirmation: 'Secret@123' }),
        'current_password',
      ),
    ).toBe('Enter Current Password');
    expect(
      firstMessage(
        changePasswordBody.safeParse({
          current_password: 'x',
          password: 'Secret@123',
          password_confirmation: 'Secret@124',
        }),
        'password_confirmation',
      ),
    ).toBe('Password confirmation does not match.');
    expect(
      firstMessage(
        changePasswordBody.safeParse({ current_password: 'x', password: 'weak', password_confirmation: 'weak' }),
        'password',
      ),
    ).toMatch(/uppercase/);
    expect(firstMessage(changePasswordBody.safeParse({ current_password: 'x' }), 'password')).toBe(
      'Enter New Password',
    );
  });
});
