import { eq } from 'drizzle-orm';
import { users } from '@app/db';
import type { AppContext } from '../../context.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { type UserRow, revokeUserTokens } from '../accounts/index.ts';
import { flushMailOutbox, sendPasswordChangedMail } from '../mail/index.ts';
import { confirmCurrentPassword } from './confirm-current-password.ts';

/**
 * PUT /password: the current password must be right (confirmCurrentPassword); the new one replaces it and every
 * other session ends.
 */
export async function changePassword(
  ctx: AppContext,
  options: { user: UserRow; tokenId: number; currentPassword: string; password: string },
): Promise<void> {
  const { user, tokenId } = options;
  await confirmCurrentPassword(ctx, { user, password: options.currentPassword });
  const passwordHash = await hashPassword(options.password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserTokens(tx, user.id, now, tokenId);
    await sendPasswordChangedMail(ctx, { user, changedAt: now, within: tx });
  });
  await flushMailOutbox(ctx);
}
