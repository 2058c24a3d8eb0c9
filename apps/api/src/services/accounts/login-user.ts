import { messages, type AuthData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { findUserByEmail } from './find-user.ts';
import { issueToken } from './issue-token.ts';

/** Compared against when the email is unknown, so both paths take an argon2 verify. */
let decoyHash: Promise<string> | undefined;

/**
 * Signs in with email and password. Per address every attempt counts (generous); per account
 * only failures count (strict), and once they are used up even the right password gets 429
 * until the window passes.
 */
export async function loginUser(
  ctx: AppContext,
  options: { email: string; password: string; ip: string },
): Promise<AuthData> {
  const { email, password, ip } = options;
  await ctx.limits.consume('loginPerIp', ip);
  await ctx.limits.check('loginFailuresPerAccount', email);

  const user = await findUserByEmail(ctx.db, email);
  decoyHash ??= hashPassword('decoy-password-never-matches');
  const isValid = await verifyPassword(user?.passwordHash ?? (await decoyHash), password);
  if (!user || !isValid) {
    await ctx.limits.consume('loginFailuresPerAccount', email);
    throw AppError.field('email', messages.invalidCredentials);
  }

  await ctx.limits.reset('loginFailuresPerAccount', email);
  const token = await issueToken(ctx.db, user.id, ctx.now());
  return { token, first_name: user.firstName, last_name: user.lastName, profile_photo_path: user.profilePhotoPath };
}
