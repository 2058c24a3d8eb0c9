import { eq } from 'drizzle-orm';
import { users } from '@app/db';
import { profileMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { type UserRow, revokeUserTokens } from '../accounts/index.ts';
import { flushMailOutbox, sendPasswordChangedMail } from '../mail/index.ts';

/**
 * PUT /password: the current password must be right (wrong guesses count against the same
 * per-account budget as failed logins); the new one replaces it and every other session ends.
 */
export async function changePassword(
  ctx: AppContext,
  options: { user: UserRow; tokenId: number; currentPassword: string; password: string },
): Promise<void> {
  const { user, tokenId } = options;
  await ctx.limits.check('loginFailuresPerAccount', user.email);
  if (!(await verifyPassword(user.passwordHash, options.currentPassword))) {
    await ctx.limits.consume('loginFailuresPerAccount', user.email);
    throw AppError.field('current_password', profileMessages.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(options.password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserTokens(tx, user.id, now, tokenId);
    await sendPasswordChangedMail(ctx, { user, changedAt: now, within: tx });
  });
  await flushMailOutbox(ctx);
}
