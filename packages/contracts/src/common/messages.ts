import { fillTemplate } from '../i18n/fill-template.ts';

/** Every validation message of product-spec.md section 5, word for word. */
export const messages = {
  firstNameRequired: 'First Name is required.',
  lastNameRequired: 'Last Name is required.',
  emailRequired: 'Email is required.',
  /** Login and forgot-password say this instead of 'Email is required.'. */
  emailAddressRequired: 'Email Address',
  emailInvalid: 'Invalid Email.',
  mobileRequired: 'Mobile is required.',
  mobileInvalid: 'Invalid Mobile Number',
  passwordRequired: 'Password is required.',
  newPasswordRequired: 'Enter New Password',
  confirmPasswordRequired: 'Confirm Password is required.',
  /** Profile's confirm-password field. */
  confirmPasswordProfileRequired: 'Confirm Password',
  disclaimerRequired: 'Accept the Disclaimer and Continue.',
  otpRequired: 'Enter OTP',
  syllabusRequired: 'syllabus is required.',
  standardRequired: 'standard is required.',
  quizAnswerRequired: 'please choose answer',
  bankFullNameRequired: 'Enter Account Holder Name',
  bankNameRequired: 'Enter Bank Name',
  bankBranchRequired: 'Enter Branch Name',
  accountNumberRequired: 'Enter Account Number',
  ifscRequired: 'Enter IFSC Code',
  panRequired: 'Enter Pan Card Details',
  // Server-side messages the spec leaves open (docs/product/validation-and-errors.md).
  passwordWeak:
    'Password must have an uppercase letter, a lowercase letter, a digit, a special character and at least 8 characters.',
  passwordMismatch: 'Password confirmation does not match.',
  emailTaken: 'This email is already registered.',
  /** An address at the domain an erased account's placeholder uses (decision 066): never deliverable, never anyone's. */
  emailReserved: 'This address is reserved and cannot receive mail. Enter your own email.',
  invalidReferral: 'Invalid referral code.',
  invalidCredentials: 'These credentials do not match our records.',
  unauthenticated: 'Unauthenticated.',
  emailUnverified: 'Your email address is not verified.',
  forbidden: 'You do not have access to this.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many attempts. Please try again later.',
  invalidInput: 'The given data was invalid.',
  otpSent: 'Otp sent to your email',
  otpInvalid: 'Invalid OTP.',
  otpExpired: 'This OTP has expired. Please request a new one.',
  otpUsed: 'This OTP has already been used. If you have just reset your password, sign in with the new one.',
  otpResendTooSoon: 'Please wait a minute before asking for a new OTP.',
  emailVerified: 'Email verified successfully.',
  emailAlreadyVerified: 'Email is already verified.',
  resetOtpSent: 'If this email is registered, an OTP has been sent to it.',
  passwordReset: 'Your password has been reset successfully!',
  loggedOut: 'Logged out.',
  xsrfMismatch: 'CSRF token mismatch.',
  ifscInvalid: 'Invalid IFSC Code',
  panInvalid: 'Invalid Pan Card Details',
  fillAccountDetails: 'Please fill account details',
  redeemed: 'redeemed',
  /** Any unexpected failure, server (500) or client. */
  somethingWentWrong: 'Something went wrong. Please try again.',
  /** 503: the database gave up on the request's transaction (a deadlock); nothing was changed and it may be sent again. */
  serverBusy: 'The server is busy. Nothing was changed: please try again.',
  /** The app could not reach the API at all. */
  serverUnreachable: 'Could not reach the server. Check your connection and try again.',
  /** A path's id that is not a whole number from 1 up. */
  idInvalid: 'Invalid id.',
  /** The paged lists (wallet transactions, sub-users). */
  pageInvalid: 'The page must be a whole number of at least 1.',
  pageTooLarge: 'The page is too large.',
  perPageInvalid: 'per_page must be a whole number from 1 to 100.',
  /** 416 to a Range header outside a stored file (video seeking): HTTP's own reason phrase. */
  rangeNotSatisfiable: 'Range Not Satisfiable',
  /** A write that reached an account erased meanwhile (decision 066): nothing was saved. */
  accountErased: "This account's personal data has been deleted.",
} as const;

/** The common messages with values in them, as templates the catalogues translate (i18n/<lang>/messages.ts). */
export const commonMessageTemplates = {
  tooLong: 'At most {{max}} characters.',
};

/** A text field's length limit: 'At most 128 characters.' */
export const tooLongMessage = (max: number) => fillTemplate(commonMessageTemplates.tooLong, { max });
