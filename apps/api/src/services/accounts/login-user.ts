import { messages, type AuthData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { findUserByEmail } from './find-user.ts';
import { issueToken } from './issue-token.ts';
import { newDeviceId } from './trusted-device.ts';

/** Compared against when the email is unknown, so both paths take an argon2 verify. */
let decoyHash: Promise<string> | undefined;

/**
 * Signs in with email and password. Per address every attempt counts (generous). Failures count per account
 * (strict), and once they are used up even the right password gets 429 until the window passes; but a browser
 * that has signed in to the account before (`trustedDevice`, its id from trusted-device.ts) has failures of its
 * own, so another person's wrong guesses never lock the learner out of their own phone.
 * Answers the session and the id the browser is trusted under from now on.
 */
export async function loginUser(
  ctx: AppContext,
  options: { email: string; password: string; ip: string; trustedDevice: string | null },
): Promise<{ auth: AuthData; deviceId: string }> {
  const { email, password, ip, trustedDevice } = options;
  const failures = trustedDevice
    ? ({ name: 'loginFailuresPerDevice', key: `${email}|${trustedDevice}` } as const)
    : ({ name: 'loginFailuresPerAccount', key: email } as const);
  await ctx.limits.consume('loginPerIp', ip);
  // Every attempt counts as a failure until it succeeds: counted after the argon2 verify, a burst of guesses sent
  // together would all be tried (decision 064).
  await ctx.limits.consume(failures.name, failures.key);

  const user = await findUserByEmail(ctx.db, email);
  decoyHash ??= hashPassword('decoy-password-never-matches');
  const isValid = await verifyPassword(user?.passwordHash ?? (await decoyHash), password);
  // An erased account (decision 066) has no usable password either; said the same way as an unknown one.
  if (!user || user.erasedAt || !isValid) throw AppError.field('email', messages.invalidCredentials);

  await ctx.limits.reset(failures.name, failures.key);
  const token = await issueToken(ctx.db, user.id, ctx.now());
  return {
    auth: { token, first_name: user.firstName, last_name: user.lastName, profile_photo_path: user.profilePhotoPath },
    deviceId: trustedDevice ?? newDeviceId(),
  };
}
