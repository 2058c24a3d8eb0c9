import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import { messages, type LoginBody } from '@app/contracts';
import type { LoginInput } from '../api/login';

/**
 * The limits and the email pattern of `loginBody` in @app/contracts: the pattern is Zod's
 * `z.email()` one, copied because importing it from Zod brings Zod's shared chunk along.
 * login-resolver.test.ts keeps all three in step with the schema.
 */
// Verbatim, escapes included, so the test can compare it with Zod's source.
export const EMAIL_PATTERN =
  // eslint-disable-next-line no-useless-escape
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX_LENGTH = 191;
const PASSWORD_MAX_LENGTH = 128;

function emailError(email: string): string | null {
  if (!email) return messages.emailAddressRequired;
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return messages.emailInvalid;
  return null;
}

/** `loginBody` gives every password issue, the length limit too, the field's one message. */
function passwordError(password: string): string | null {
  if (!password || password.length > PASSWORD_MAX_LENGTH) return messages.passwordRequired;
  return null;
}

/**
 * `zodResolver(loginBody)` by hand: the same rules, messages and output (trimmed, lower-cased
 * email), without Zod. /login is the first page most people load, and Zod (≈25 KB gzip) was a
 * sixth of its JavaScript; every other form keeps the contracts' schemas.
 */
export const loginResolver: Resolver<LoginBody, unknown, LoginInput> = (
  values,
): ResolverResult<LoginBody, LoginInput> => {
  const email = values.email.trim();
  const errors: FieldErrors<LoginBody> = {};
  const emailMessage = emailError(email);
  const passwordMessage = passwordError(values.password);
  if (emailMessage) errors.email = { type: 'validation', message: emailMessage };
  if (passwordMessage) errors.password = { type: 'validation', message: passwordMessage };
  if (emailMessage || passwordMessage) return { values: {}, errors };
  return { values: { email: email.toLowerCase(), password: values.password }, errors: {} };
};
