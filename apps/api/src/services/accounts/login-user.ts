import { messages, type AuthData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { findUserByEmail } from './find-user.ts';
import { issueToken } from './issue-token.ts';
import { newDeviceId, readTrustedDevice } from './trusted-device.ts';

/** Compared against when the email is unknown, so both paths take an argon2 verify. */
let decoyHash: Promise<string> | undefined;

/**
 * Signs in with email and password. Per address every attempt counts (generous). Failures count per account
 * (strict), and once they are used up even the right password gets 429 until the window passes; but a browser
 * that has signed in to the account before (`trustedDevice`, its id from trusted-device.ts) has failures of its
 * own, so another person's wrong guesses never lock the learner out of their own phone. The browser's cookie is read
 * for the account the email names now (its id in the proof). Answers the session, the account and the id the
 * browser is trusted under from now on.
 */
export async function loginUser(
  ctx: AppContext,
  options: { email: string; password: string; ip: string; cookieHeader: string | undefined },
): Promise<{ auth: AuthData; userId: number; deviceId: string }> {
  const { email, password, ip } = options;
  await ctx.limits.consume('loginPerIp', ip);
  const user = await findUserByEmail(ctx.db, email);
  const trustedDevice = user
    ? readTrustedDevice(ctx.env.APP_SECRET, { userId: user.id, email }, options.cookieHeader)
    : null;
  const failures = trustedDevice
    ? ({ name: 'loginFailuresPerDevice', key: `${email}|${trustedDevice}` } as const)
    : ({ name: 'loginFailuresPerAccount', key: email } as const);
  // Every attempt counts as a failure until it succeeds: counted after the argon2 verify, a burst of guesses sent
  // together would all be tried (decision 064).
  await ctx.limits.consume(failures.name, failures.key);

  decoyHash ??= hashPassword('decoy-password-never-matches');
  const isValid = await verifyPassword(user?.passwordHash ?? (await decoyHash), password);
  // An erased account (decision 066) has no usable password either; said the same way as an unknown one.
  if (!user || user.erasedAt || !isValid) throw AppError.field('email', messages.invalidCredentials);

  await ctx.limits.reset(failures.name, failures.key);
  const token = await issueToken(ctx.db, user.id, ctx.now());
  return {
    auth: { token, first_name: user.firstName, last_name: user.lastName, profile_photo_path: user.profilePhotoPath },
    userId: user.id,
    deviceId: trustedDevice ?? newDeviceId(),
  };
}
