import { profileMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { UserRow } from '../accounts/index.ts';

/**
 * The step-up before what would hand the account or its money to whoever holds the session (a phone left unlocked):
 * a new password, a new email (then a reset through it) and the bank account withdrawals are paid to
 * (docs/decisions/047-current-password-before-takeover.md). Wrong passwords count per learner, not against the
 * sign-in budget of their email, which anyone can use up (decision 041).
 */
export async function confirmCurrentPassword(
  ctx: AppContext,
  options: { user: Pick<UserRow, 'id' | 'passwordHash'>; password: string | undefined },
): Promise<void> {
  const { user, password } = options;
  if (!password) throw AppError.field('current_password', profileMessages.currentPasswordRequired);
  const key = String(user.id);
  // Counted before the check, so a burst of guesses sent together cannot all be tried (decision 064).
  await ctx.limits.consume('passwordChecksPerUser', key);
  if (!(await verifyPassword(user.passwordHash, password)))
    throw AppError.field('current_password', profileMessages.currentPasswordWrong);
  await ctx.limits.giveBack('passwordChecksPerUser', key);
}
