import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  canonicalEmail,
  emailField,
  isStrongPassword,
  mobileField,
  newPasswordField,
  otpField,
  passwordChecks,
  requiredText,
} from './rules.ts';

/** The first message of a failed parse, as the client shows it. */
function firstError(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? null : result.error!.issues[0]!.message;
}

describe('password rule', () => {
  it.each([
    ['Secret@123', true],
    ['Aa1!aaaa', true],
    ['Pässwörd#1', true],
    ['secret@123', false],
    ['SECRET@123', false],
    ['Secret@abc', false],
    ['Secret1234', false],
    ['Se@1abc', false],
    ['', false],
  ])('%j is strong: %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });

  it('names one check per line of the live checklist', () => {
    expect(passwordChecks.map((c) => c.id)).toEqual(['lowercase', 'uppercase', 'digit', 'special', 'length']);
    const failing = (v: string) => passwordChecks.filter((c) => !c.test(v)).map((c) => c.id);
    expect(failing('abc')).toEqual(['uppercase', 'digit', 'special', 'length']);
    expect(failing('ABCDEFGH1')).toEqual(['lowercase', 'special']);
    expect(failing('Secret@123')).toEqual([]);
  });

  it('asks for the password first, then for a strong one', () => {
    const field = newPasswordField(messages.passwordRequired);
    expect(firstError(field, undefined)).toBe('Password is required.');
    expect(firstError(field, '')).toBe('Password is required.');
    expect(firstError(field, 'weakpass')).toBe(messages.passwordWeak);
    expect(firstError(field, 'Secret@123')).toBeNull();
    expect(firstError(newPasswordField(messages.newPasswordRequired), '')).toBe('Enter New Password');
  });
});

describe('mobile rule', () => {
  it.each(['9876543210', ' 9876543210 ', '0123456789'])('accepts %j', (mobile) => {
    expect(mobileField.parse(mobile)).toBe(mobile.trim());
  });

  it.each([
    '98765 43210',
    '98765-43210',
    '+91 98765 43210',
    '+91-98765-43210',
    '+919876543210',
    '(+91) 98765 43210',
    '0 98765 43210',
    '09876543210',
    '919876543210',
    '0091 98765 43210',
    '\u00a098765\u00a043210',
  ])('accepts %j as it is written or pasted, as its 10 digits', (mobile) => {
    expect(mobileField.parse(mobile)).toBe('9876543210');
  });

  it.each(['987654321', '98765432101', '98765-4321', '+9198765432', '+1 98765 43210', 'abcdefghij', '९८७६५४३२१०'])(
    'refuses %j',
    (mobile) => {
      expect(firstError(mobileField, mobile)).toBe('Invalid Mobile Number');
    },
  );

  it('asks for a missing mobile', () => {
    expect(firstError(mobileField, undefined)).toBe('Mobile is required.');
    expect(firstError(mobileField, '')).toBe('Mobile is required.');
  });
});

describe('email rule', () => {
  it('trims and lower-cases', () => {
    expect(emailField().parse('  Asha.Nair@Example.COM ')).toBe('asha.nair@example.com');
  });

  it('uses the form’s required message, then the format message', () => {
    expect(firstError(emailField(messages.emailRequired), '')).toBe('Email is required.');
    expect(firstError(emailField(messages.emailAddressRequired), undefined)).toBe('Email Address');
    expect(firstError(emailField(), 'asha@')).toBe('Invalid Email.');
    expect(firstError(emailField(), 'asha example.com')).toBe('Invalid Email.');
  });

  it('refuses the domain of an erased account’s placeholder address (decision 066)', () => {
    expect(firstError(emailField(), 'Erased-12@ERASED.invalid')).toBe(messages.emailReserved);
    expect(emailField().parse('asha@erased.invalid.example.com')).toBe('asha@erased.invalid.example.com');
  });
});

describe('OTP and required text rules', () => {
  it('wants exactly six digits', () => {
    expect(otpField.parse(' 042917 ')).toBe('042917');
    expect(firstError(otpField, '')).toBe('Enter OTP');
    expect(firstError(otpField, '12345')).toBe('Invalid OTP.');
    expect(firstError(otpField, '12345a')).toBe('Invalid OTP.');
  });

  it('treats blank text as missing', () => {
    const field = requiredText(messages.firstNameRequired, 10);
    expect(field.parse('  Asha ')).toBe('Asha');
    expect(firstError(field, '   ')).toBe('First Name is required.');
    expect(firstError(field, 'x'.repeat(11))).toBe('At most 10 characters.');
  });
});

describe('canonicalEmail', () => {
  it.each([
    ['Asha.Nair+school@GMAIL.com', 'ashanair@gmail.com'],
    ['a.s.h.a@googlemail.com', 'asha@gmail.com'],
    ['asha.nair+promo@yahoo.co.in', 'asha.nair@yahoo.co.in'],
    ['  ASHA@Example.com ', 'asha@example.com'],
    ['no-at-sign', 'no-at-sign'],
  ])('%j folds to %j', (email, canonical) => {
    expect(canonicalEmail(email)).toBe(canonical);
  });

  it('spots one Gmail mailbox behind two spellings', () => {
    expect(canonicalEmail('rahul.k@gmail.com')).toBe(canonicalEmail('RahulK+ref@gmail.com'));
    expect(canonicalEmail('rahul.k@outlook.com')).not.toBe(canonicalEmail('rahulk@outlook.com'));
  });
});
