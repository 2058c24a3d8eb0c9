import { eq } from 'drizzle-orm';
import { users, type DbOrTx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { dateOfBirthChangeProblem } from './date-of-birth-change-problem.ts';

/** Where a date of birth was changed: the learner's three forms, or the operator's correction. */
export type DateOfBirthChangeVia = 'profile' | 'consent' | 'add-class' | 'operator';

/**
 * The one writer of users.date_of_birth, inside the caller's transaction: locks the learner's row,
 * checks the change rule against the date stored now (an operator's correction skips it) and, when the
 * date changes, writes it and audits `user.date_of_birth` with the old and the new value. Returns why
 * the change is refused, or null. Checking the locked row, not the session's copy, keeps two requests
 * at once from stepping past the rule.
 */
export async function writeDateOfBirth(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'now'>,
  options: {
    userId: number;
    dateOfBirth: string | null;
    /** The learner themselves, or the operator. */
    actorId: number;
    via: DateOfBirthChangeVia;
  },
): Promise<string | null> {
  const now = ctx.now();
  const [row] = await tx
    .select({ dateOfBirth: users.dateOfBirth })
    .from(users)
    .where(eq(users.id, options.userId))
    .for('update');
  const current = row?.dateOfBirth ?? null;
  if (options.via !== 'operator') {
    const problem = dateOfBirthChangeProblem(current, options.dateOfBirth, now);
    if (problem) return problem;
  }
  if (current === options.dateOfBirth) return null;
  await tx.update(users).set({ dateOfBirth: options.dateOfBirth, updatedAt: now }).where(eq(users.id, options.userId));
  await recordAudit(tx, ctx, {
    actorId: options.actorId,
    action: 'user.date_of_birth',
    entity: 'users',
    entityId: options.userId,
    before: { date_of_birth: current },
    after: { date_of_birth: options.dateOfBirth, via: options.via },
  });
  return null;
}
