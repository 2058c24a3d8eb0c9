import { dateOfBirthMessage, dateOfBirthProblem } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { writeDateOfBirth, type DateOfBirthChangeVia } from './write-date-of-birth.ts';

/**
 * Checks a date of birth given at choose-level, on the consent form or by the operator against ctx.now()
 * (a real day, not ahead, age 5 to 100) and stores it under the change rule (dateOfBirthChangeProblem;
 * the operator's correction is not bound by it), audited with `actorId` (the learner unless given).
 * Returns the field error, or null once stored.
 */
export async function recordDateOfBirth(
  ctx: Pick<AppContext, 'now' | 'db'>,
  options: { userId: number; dateOfBirth: string; via: Exclude<DateOfBirthChangeVia, 'profile'>; actorId?: number },
): Promise<string | null> {
  const problem = dateOfBirthProblem(options.dateOfBirth, ctx.now());
  if (problem) return dateOfBirthMessage(problem);
  return ctx.db.transaction((tx) =>
    writeDateOfBirth(tx, ctx, {
      userId: options.userId,
      dateOfBirth: options.dateOfBirth,
      actorId: options.actorId ?? options.userId,
      via: options.via,
    }),
  );
}
