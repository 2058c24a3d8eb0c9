import { dateOfBirthMessage, dateOfBirthProblem } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { writeDateOfBirth } from './write-date-of-birth.ts';

/**
 * Checks a date of birth given at choose-level or on the consent form against ctx.now() (a real day,
 * not ahead, age 5 to 100) and stores it under the change rule (dateOfBirthChangeProblem), audited.
 * Returns the field error, or null once stored.
 */
export async function recordDateOfBirth(
  ctx: Pick<AppContext, 'now' | 'db'>,
  options: { userId: number; dateOfBirth: string; via: 'consent' | 'add-class' },
): Promise<string | null> {
  const problem = dateOfBirthProblem(options.dateOfBirth, ctx.now());
  if (problem) return dateOfBirthMessage(problem);
  return ctx.db.transaction((tx) =>
    writeDateOfBirth(tx, ctx, {
      userId: options.userId,
      dateOfBirth: options.dateOfBirth,
      actorId: options.userId,
      via: options.via,
    }),
  );
}
