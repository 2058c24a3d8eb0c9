import { z } from 'zod';
import { messages } from '../common/messages.ts';
import { languages } from '../i18n/languages.ts';
import { emailField, mobileField, newPasswordField, otpField, requiredText } from '../common/rules.ts';
import { dateOfBirthField } from '../consent/schemas.ts';

/** Referral codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

export const referralCodeField = z
  .string()
  .trim()
  .max(32)
  .transform((v) => v.toUpperCase());

const passwordConfirmation = (requiredMessage: string) => z.string({ error: requiredMessage }).min(1, requiredMessage);

/** Register form and POST /register body. */
export const registerBody = z.object({
  ref_user: referralCodeField.nullish(),
  first_name: requiredText(messages.firstNameRequired, 100),
  last_name: requiredText(messages.lastNameRequired, 100),
  email: emailField(messages.emailRequired),
  mobile: mobileField,
  password: newPasswordField(messages.passwordRequired),
  password_confirmation: passwordConfirmation(messages.confirmPasswordRequired),
  disclaimer: z.literal(true, { error: messages.disclaimerRequired }),
});
export type RegisterBody = z.input<typeof registerBody>;

/** The server also checks that the confirmation matches (the client does not, per the spec). */
export const registerBodyServer = registerBody.refine((v) => v.password === v.password_confirmation, {
  path: ['password_confirmation'],
  message: messages.passwordMismatch,
});

export const loginBody = z.object({
  email: emailField(messages.emailAddressRequired),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(128),
});
export type LoginBody = z.input<typeof loginBody>;

export const referenceUserValidateBody = z.object({
  reference_user: referralCodeField.pipe(z.string().min(1, messages.invalidReferral)),
});

export const referralUser = z.object({ name: z.string(), email: z.string(), mobile: z.string() });

export const authData = z.object({
  token: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_photo_path: z.string().nullable(),
});
export type AuthData = z.infer<typeof authData>;

export const meData = z.object({
  first_name: z.string(),
  last_name: z.string(),
  profile_photo_path: z.string().nullable(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  isStandardPicked: z.boolean(),
  referral_code: z.string(),
  roles: z.array(z.string()),
  /** The learner's language for the app and the mails. */
  language: z.enum(languages),
});

export const verifyEmailOtpBody = z.object({
  email: emailField(messages.emailRequired),
  otp: otpField,
});
export type VerifyEmailOtpBody = z.input<typeof verifyEmailOtpBody>;

export const forgotPasswordOtpBody = z.object({ email: emailField(messages.emailAddressRequired) });
export type ForgotPasswordOtpBody = z.input<typeof forgotPasswordOtpBody>;

export const resetPasswordBody = z.object({
  email: emailField(messages.emailAddressRequired),
  otp: otpField,
  password: newPasswordField(messages.newPasswordRequired),
  password_confirmation: passwordConfirmation(messages.confirmPasswordRequired),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
export const resetPasswordBodyServer = resetPasswordBody.refine((v) => v.password === v.password_confirmation, {
  path: ['password_confirmation'],
  message: messages.passwordMismatch,
});

export const idNameItem = z.object({ id: z.number(), name: z.string() });

export const masterData = z.object({
  /** `iso_code`: ISO 3166-1 alpha-2, for the country's name in the learner's language (the name is English). */
  countries: z.array(z.object({ id: z.number(), country_name: z.string(), iso_code: z.string() })),
  genders: z.array(idNameItem),
  maritals: z.array(idNameItem),
});

/** Choose My Batch form and POST /add-class. */
export const addClassBody = z.object({
  syllabus: z.coerce
    .number({ error: messages.syllabusRequired })
    .int()
    .positive(messages.syllabusRequired)
    .max(2_147_483_647, messages.syllabusRequired),
  standard: z.coerce
    .number({ error: messages.standardRequired })
    .int()
    .positive(messages.standardRequired)
    .max(2_147_483_647, messages.standardRequired),
  offer_code: z.string().trim().max(32).nullish(),
  /** Issue 16: asked with the level, so a learner under 18 is known before any money moves. */
  date_of_birth: dateOfBirthField,
});
export type AddClassBody = z.input<typeof addClassBody>;

/**
 * GET /batch/{syllabusId}/{standardId} and GET /batch: a school batch as the signed-in learner meets it.
 * Its subjects are never sold one by one: they open through the batch (docs/product/onboarding.md#school-batches).
 */
export const batchData = z.object({
  id: z.number(),
  name: z.string(),
  syllabus: idNameItem,
  standard: idNameItem,
  /** The batch fee in rupees; 0 when the batch has no fee. */
  fee: z.number(),
  /** The batch of the learner's own syllabus and standard. */
  is_mine: z.boolean(),
  /** The learner holds a paid purchase of the fee (POST /first-payment, confirmed). */
  is_paid: z.boolean(),
  /** The learner may open the subjects: the fee is paid, or the batch is theirs and has no fee. */
  is_open: z.boolean(),
  subjects: z.array(idNameItem),
});
/** GET /batch: the learner's own batch, or null (no syllabus and standard picked, or no batch for the pair). */
export const myBatchData = batchData.nullable();

/** POST /reference-user-validate: the referrer, with email and mobile masked (docs/product/accounts-and-sign-in.md#referral-codes). */
export type ReferralUser = z.infer<typeof referralUser>;
export type MeData = z.infer<typeof meData>;

/** GET /profile: every profile field (docs/product/profile.md#personal-information). Money in rupees, dates as YYYY-MM-DD / ISO. */
export const profileData = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  date_of_birth: z.string().nullable(),
  gender_id: z.number().nullable(),
  marital_status_id: z.number().nullable(),
  country_id: z.number().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  address: z.string().nullable(),
  landmark: z.string().nullable(),
  pin: z.string().nullable(),
  occupation: z.string().nullable(),
  qualification: z.string().nullable(),
  about: z.string().nullable(),
  points: z.number(),
  balance: z.number(),
  referral_code: z.string(),
  profile_photo_path: z.string().nullable(),
  email_verified_at: z.string().nullable(),
  isStandardPicked: z.boolean(),
});
export type ProfileData = z.infer<typeof profileData>;

export type MasterData = z.infer<typeof masterData>;
export type IdNameItem = z.infer<typeof idNameItem>;
export type BatchData = z.infer<typeof batchData>;

/** A row id in a path: a positive PostgreSQL integer (larger ones would fail in the query, not in validation). */
const rowId = z.coerce.number().int().positive().max(2_147_483_647);
/** GET /standard/{id} */
export const standardParams = z.object({ id: rowId });
/** GET /batch/{syllabusId}/{standardId} */
export const batchParams = z.object({
  syllabusId: rowId,
  standardId: rowId,
});

/** POST /add-class: the recorded choice, the batch when one exists, and the offer code for first-payment. */
export const addClassData = z.object({
  isStandardPicked: z.boolean(),
  syllabus: idNameItem,
  standard: idNameItem,
  batch: z.object({ id: z.number(), name: z.string(), fee: z.number() }).nullable(),
  offer_code: z.string().nullable(),
  email_verified: z.boolean(),
});
export type AddClassData = z.infer<typeof addClassData>;

/** GET /dev/mailbox (development only): sent mail, newest first. */
export const devMailboxEntry = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sent_at: z.string(),
});
export type DevMailboxEntry = z.infer<typeof devMailboxEntry>;
