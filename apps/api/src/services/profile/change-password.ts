import { eq } from 'drizzle-orm';
import { users } from '@app/db';
import type { AppContext } from '../../context.ts';
import { hmacHex } from '../../lib/crypto.ts';
import { type IdempotentAnswer, runIdempotent } from '../../lib/idempotency.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { type UserRow, revokeUserTokens } from '../accounts/index.ts';
import { flushMailOutbox, sendPasswordChangedMail } from '../mail/index.ts';
import { confirmCurrentPassword } from './confirm-current-password.ts';

/**
 * What the Idempotency-Key's stored request hash is made of: the three passwords keyed with APP_SECRET. A plain
 * SHA-256 of the body (what runIdempotent makes of a request) would keep a fast, unsalted hash of the new password
 * in idempotency_keys beside its argon2id in users (docs/decisions/061-a-retry-after-a-lost-answer.md).
 */
function requestOf(ctx: AppContext, options: { currentPassword: string; password: string; confirmation: string }) {
  const passwords = JSON.stringify([options.currentPassword, options.password, options.confirmation]);
  return hmacHex(ctx.env.APP_SECRET, `password-change|${passwords}`);
}

/**
 * PUT /password: the current password must be right (confirmCurrentPassword); the new one replaces it and every
 * other session ends. Once per Idempotency-Key: a retry whose first answer was lost gets that answer again (200, or
 * the first refusal) instead of having its 'current password' checked against the new one, and spends no password
 * check (docs/product/profile.md#password). `answer` is what a change that went through answers.
 */
export async function changePassword(
  ctx: AppContext,
  options: {
    user: UserRow;
    tokenId: number;
    idempotencyKey: string | undefined;
    currentPassword: string;
    password: string;
    confirmation: string;
    answer: unknown;
  },
): Promise<IdempotentAnswer> {
  const { user, tokenId } = options;
  const result = await runIdempotent(
    ctx,
    { userId: user.id, key: options.idempotencyKey, route: 'PUT /password', request: requestOf(ctx, options) },
    async (tx) => {
      await confirmCurrentPassword(ctx, { user, password: options.currentPassword });
      const passwordHash = await hashPassword(options.password);
      const now = ctx.now();
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
      await revokeUserTokens(tx, user.id, now, tokenId);
      await sendPasswordChangedMail(ctx, { user, changedAt: now, within: tx });
      return options.answer;
    },
  );
  if (!result.isReplay) await flushMailOutbox(ctx);
  return result;
}
