import { z } from 'zod';
import { messages, tooLongMessage } from '../common/messages.ts';
import { languages } from '../i18n/languages.ts';
import { emailField, mobileField, newPasswordField, requiredText } from '../common/rules.ts';
import { isCalendarDate } from '../consent/age.ts';
import { profileMessages } from './messages.ts';
import { ACCOUNT_NUMBER_PATTERN, IFSC_PATTERN, PAN_PATTERN } from './rules.ts';

/**
 * An optional profile field: absent leaves the stored value alone, null or '' clears it.
 * (optionalText in common/rules turns absent into null; PUT /profile must not wipe what a
 * client did not send.)
 */
const keptOrCleared = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLongMessage(max))
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** An optional id of master data: '', null → cleared; "3" or 3 → 3. Existence is checked by the server. */
const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message).nullish(),
  );

const isBirthDate = (v: string) => isCalendarDate(v) && v >= '1900-01-01';

/**
 * The learner's current password, asked before what would hand the account or its money to whoever holds the
 * session: a new password, a new email, the bank account (docs/decisions/047-current-password-before-takeover.md).
 */
const currentPasswordField = z
  .string({ error: profileMessages.currentPasswordRequired })
  .min(1, profileMessages.currentPasswordRequired)
  .max(128, tooLongMessage(128));

/** PUT /profile: the profile fields a learner may edit (docs/product/profile.md#personal-information). */
export const updateProfileBody = z.object({
  first_name: requiredText(messages.firstNameRequired, 100),
  last_name: requiredText(messages.lastNameRequired, 100),
  email: emailField(messages.emailRequired),
  mobile: mobileField,
  date_of_birth: z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? v.trim().slice(0, 10) : v),
    z
      .string({ error: profileMessages.dateOfBirthInvalid })
      .refine(isBirthDate, profileMessages.dateOfBirthInvalid)
      .nullish(),
  ),
  gender_id: optionalId(profileMessages.genderInvalid),
  marital_status_id: optionalId(profileMessages.maritalStatusInvalid),
  country_id: optionalId(profileMessages.countryInvalid),
  city: keptOrCleared(100),
  state: keptOrCleared(100),
  address: keptOrCleared(500),
  landmark: keptOrCleared(191),
  pin: keptOrCleared(10).refine((v) => !v || /^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/.test(v), profileMessages.pinInvalid),
  occupation: keptOrCleared(191),
  qualification: keptOrCleared(191),
  about: keptOrCleared(2000),
  /** Needed only when the email changes (the server answers 422 without it then). */
  current_password: z.preprocess((v) => (v === '' ? undefined : v), currentPasswordField.optional()),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;
export type UpdateProfileInput = z.output<typeof updateProfileBody>;

/** PUT /password (the current password is asked too: docs/product/profile.md#password). */
export const changePasswordBody = z
  .object({
    current_password: currentPasswordField,
    password: newPasswordField(messages.newPasswordRequired),
    password_confirmation: z
      .string({ error: messages.confirmPasswordProfileRequired })
      .min(1, messages.confirmPasswordProfileRequired),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: messages.passwordMismatch,
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** Upper-cased, spaces removed, then required and the pattern. */
const bankCode = (required: string, pattern: RegExp, invalid: string) =>
  z
    .string({ error: required })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().min(1, required).regex(pattern, invalid));

/** POST /bank-details, with the spec's messages (docs/product/validation-and-errors.md), and the current password. */
export const bankDetailsBody = z.object({
  full_name: requiredText(messages.bankFullNameRequired, 100),
  bank_name: requiredText(messages.bankNameRequired, 100),
  bank_branch: requiredText(messages.bankBranchRequired, 100),
  account_number: z.preprocess(
    (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v),
    z
      .string({ error: messages.accountNumberRequired })
      .transform((v) => v.replace(/[\s-]+/g, ''))
      .pipe(
        z
          .string()
          .min(1, messages.accountNumberRequired)
          .regex(ACCOUNT_NUMBER_PATTERN, profileMessages.accountNumberInvalid),
      ),
  ),
  ifsc_code: bankCode(messages.ifscRequired, IFSC_PATTERN, messages.ifscInvalid),
  pan_card: bankCode(messages.panRequired, PAN_PATTERN, messages.panInvalid),
  current_password: currentPasswordField,
});
export type BankDetailsBody = z.input<typeof bankDetailsBody>;
export type BankDetailsInput = z.output<typeof bankDetailsBody>;

/** GET /bank-details (null when none are on file) and POST /bank-details: the account number masked. */
export const bankDetailsData = z.object({
  full_name: z.string(),
  bank_name: z.string(),
  bank_branch: z.string(),
  /** All but the last 4 digits as '*'. */
  account_number: z.string(),
  ifsc_code: z.string(),
  pan_card: z.string(),
});
export type BankDetailsData = z.infer<typeof bankDetailsData>;

/** POST /profile/photo: data is the photo's path (`/media/profile-photos/…`). */
export const profilePhotoData = z.string();

/** PUT /profile/language: the learner's language for the app and the mails. */
export const languageBody = z.object({
  language: z.enum(languages, { error: profileMessages.languageInvalid }),
});
export type LanguageBody = z.infer<typeof languageBody>;
