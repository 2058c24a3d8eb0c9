import { and, eq } from 'drizzle-orm';
import { users } from '@app/db';
import { profileMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmacHex } from '../../lib/crypto.ts';
import { type IdempotentAnswer, runIdempotentPrepared } from '../../lib/idempotency.ts';
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
 *
 * The check and the hash run before the key's transaction, which holds only the writes; a change that went through
 * between the check and the write (the other of two sent at once) has this one refused as a wrong current password.
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
  const result = await runIdempotentPrepared(
    ctx,
    { userId: user.id, key: options.idempotencyKey, route: 'PUT /password', request: requestOf(ctx, options) },
    // The argon2 check and hash (tens of ms each at production cost, far longer queued behind a burst on libuv's
    // four threads) hold no pooled connection: in the key's transaction, a burst of changes took every connection
    // of the instance (decision 061, "Later").
    async () => {
      await confirmCurrentPassword(ctx, { user, password: options.currentPassword });
      return hashPassword(options.password);
    },
    async (tx, passwordHash) => {
      const now = ctx.now();
      // Only over the hash the current password was checked against: another change (or a reset) that went through
      // meanwhile made the typed password no longer the current one. Of two changes from the same password at
      // once, the second to write is refused here, as it would have been sent a moment later.
      const [changed] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: now })
        .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
        .returning({ id: users.id });
      if (!changed) throw AppError.field('current_password', profileMessages.currentPasswordWrong);
      await revokeUserTokens(tx, user.id, now, tokenId);
      await sendPasswordChangedMail(ctx, { user, changedAt: now, within: tx });
      return options.answer;
    },
  );
  if (!result.isReplay) await flushMailOutbox(ctx);
  return result;
}
