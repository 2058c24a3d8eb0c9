import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';

/** The validation messages (docs/product/validation-and-errors.md#validation-messages), word for word: the web app and the API show exactly these. */
const specSection5: [keyof typeof messages, string][] = [
  ['firstNameRequired', 'First Name is required.'],
  ['lastNameRequired', 'Last Name is required.'],
  ['emailRequired', 'Email is required.'],
  ['emailAddressRequired', 'Email Address'],
  ['emailInvalid', 'Invalid Email.'],
  ['mobileRequired', 'Mobile is required.'],
  ['mobileInvalid', 'Invalid Mobile Number'],
  ['passwordRequired', 'Password is required.'],
  ['newPasswordRequired', 'Enter New Password'],
  ['confirmPasswordRequired', 'Confirm Password is required.'],
  ['confirmPasswordProfileRequired', 'Confirm Password'],
  ['disclaimerRequired', 'Accept the Disclaimer and Continue.'],
  ['otpRequired', 'Enter OTP'],
  ['syllabusRequired', 'syllabus is required.'],
  ['standardRequired', 'standard is required.'],
  ['quizAnswerRequired', 'please choose answer'],
  ['bankFullNameRequired', 'Enter Account Holder Name'],
  ['bankNameRequired', 'Enter Bank Name'],
  ['bankBranchRequired', 'Enter Branch Name'],
  ['accountNumberRequired', 'Enter Account Number'],
  ['ifscRequired', 'Enter IFSC Code'],
  ['panRequired', 'Enter Pan Card Details'],
];

/** Texts the spec quotes elsewhere (sections 2, 4 and 8). */
const specElsewhere: [keyof typeof messages, string][] = [
  ['otpSent', 'Otp sent to your email'],
  ['passwordReset', 'Your password has been reset successfully!'],
  ['fillAccountDetails', 'Please fill account details'],
  ['redeemed', 'redeemed'],
];

describe('messages', () => {
  it.each(specSection5)('%s reads as section 5 says', (key, text) => {
    expect(messages[key]).toBe(text);
  });

  it.each(specElsewhere)('%s reads as the spec quotes it', (key, text) => {
    expect(messages[key]).toBe(text);
  });

  it('has no empty or duplicated-by-mistake required messages', () => {
    for (const text of Object.values(messages)) expect(text.trim()).not.toBe('');
    const required = specSection5.map(([key]) => messages[key]);
    expect(new Set(required).size).toBe(required.length);
  });
});
