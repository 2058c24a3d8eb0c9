import { z } from 'zod';
import { messages, tooLongMessage } from './messages.ts';

export const MOBILE_PATTERN = /^\d{10}$/;
export const PASSWORD_MIN_LENGTH = 8;

/** The password policy, one check per line of the live checklist. */
export const passwordChecks = [
  { id: 'lowercase', label: 'One lowercase letter', test: (v: string) => /[a-z]/.test(v) },
  { id: 'uppercase', label: 'One uppercase letter', test: (v: string) => /[A-Z]/.test(v) },
  { id: 'digit', label: 'One number', test: (v: string) => /\d/.test(v) },
  { id: 'special', label: 'One special character', test: (v: string) => /[^A-Za-z0-9]/.test(v) },
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (v: string) => v.length >= PASSWORD_MIN_LENGTH,
  },
] as const;

export function isStrongPassword(value: string): boolean {
  return passwordChecks.every((check) => check.test(value));
}

/** PostgreSQL's largest integer: the highest id a path or a form may name. */
export const ID_MAX = 2_147_483_647;

/** A database id from a path or a form field, coerced: a whole number from 1 to ID_MAX, else `message`. */
export const positiveId = (message: string = messages.idInvalid) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(ID_MAX, message);

/** A paged list's ?page= (each list sets its default). */
export const pageNumberField = z.coerce
  .number({ error: messages.pageInvalid })
  .int(messages.pageInvalid)
  .min(1, messages.pageInvalid)
  .max(1_000_000, messages.pageTooLarge);

/** A paged list's ?per_page= (each list sets its default). */
export const perPageField = z.coerce
  .number({ error: messages.perPageInvalid })
  .int(messages.perPageInvalid)
  .min(1, messages.perPageInvalid)
  .max(100, messages.perPageInvalid);

/** Required text: trimmed, and empty means missing. */
export const requiredText = (message: string, max = 191) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, tooLongMessage(max));

/**
 * The domain of the address an erased account's row holds (decision 066; RFC 2606's .invalid: never deliverable).
 * Nobody may sign up or move to an address there: it would collide with, or pass for, an erased account's.
 */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

const ERASED_EMAIL_SUFFIX = `@${ERASED_EMAIL_DOMAIN}`;

/** True for an address at ERASED_EMAIL_DOMAIN (any case). */
export const isErasedEmailDomain = (email: string) => email.trim().toLowerCase().endsWith(ERASED_EMAIL_SUFFIX);

export const emailField = (requiredMessage: string = messages.emailRequired) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(191, messages.emailInvalid)
    .pipe(z.email(messages.emailInvalid))
    .transform((v) => v.toLowerCase())
    .refine((v) => !isErasedEmailDomain(v), messages.emailReserved);

/**
 * An Indian mobile number as people write and paste it ('98765 43210', '98765-43210', '+91 98765 43210', '0 98765
 * 43210', '919876543210' from a wa.me link) brought to its 10 digits; anything else is left for the pattern to refuse.
 */
export function normaliseMobile(value: string): string {
  const digits = value.replace(/[\s\-().]/g, '');
  const national = /^(?:\+91|0091|91|0)(\d{10})$/.exec(digits);
  return national ? national[1]! : digits;
}

/** A mobile number, stored as its 10 digits (docs/product/accounts-and-sign-in.md#register). */
export const mobileField = z
  .string({ error: messages.mobileRequired })
  .trim()
  .min(1, { error: messages.mobileRequired, abort: true })
  .overwrite(normaliseMobile)
  .regex(MOBILE_PATTERN, messages.mobileInvalid);

/** A new password: required, then the policy. */
export const newPasswordField = (requiredMessage: string = messages.passwordRequired) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .max(128, tooLongMessage(128))
    .refine(isStrongPassword, messages.passwordWeak);

export const otpField = z
  .string({ error: messages.otpRequired })
  .trim()
  .min(1, { error: messages.otpRequired, abort: true })
  .regex(/^\d{6}$/, messages.otpInvalid);

/** Optional text field of a profile: empty strings become null. */
export const optionalText = (max = 191) =>
  z
    .string()
    .trim()
    .max(max, tooLongMessage(max))
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Folds an email to the mailbox it really reaches, to spot one person behind two accounts:
 * case everywhere; dots and +tags in Gmail.
 */
export function canonicalEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  return `${local}@${domain}`;
}
