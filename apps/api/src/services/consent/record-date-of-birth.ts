import { eq } from 'drizzle-orm';
import { users, type DbOrTx } from '@app/db';
import { ADULT_AGE, ageOn, consentMessages, dateOfBirthMessage, dateOfBirthProblem, indiaToday } from '@app/contracts';
import type { AppContext } from '../../context.ts';

/**
 * Why a learner may not change a stored date of birth to `next`, or null when they may. A date of birth
 * decides whether a guardian must agree, so a learner under 18 cannot clear it or make themselves 18 or
 * older (a typo between two child dates is fine); an operator corrects it on a written request.
 */
export function dateOfBirthChangeProblem(
  current: string | null,
  next: string | null | undefined,
  now: Date,
): string | null {
  if (next === undefined || !current || next === current) return null;
  const today = indiaToday(now);
  if (ageOn(current, today) >= ADULT_AGE) return null;
  if (next === null || ageOn(next, today) >= ADULT_AGE) return consentMessages.dateOfBirthLocked;
  return null;
}

/**
 * Checks a date of birth given at choose-level or on the consent form against ctx.now() (a real day,
 * not ahead, age 5 to 100) and stores it, under the change rule above. Returns the field error, or null
 * once stored.
 */
export async function recordDateOfBirth(
  ctx: Pick<AppContext, 'now'>,
  db: DbOrTx,
  options: { userId: number; current: string | null; dateOfBirth: string },
): Promise<string | null> {
  const now = ctx.now();
  const problem = dateOfBirthProblem(options.dateOfBirth, now);
  if (problem) return dateOfBirthMessage(problem);
  const locked = dateOfBirthChangeProblem(options.current, options.dateOfBirth, now);
  if (locked) return locked;
  if (options.current !== options.dateOfBirth) {
    await db
      .update(users)
      .set({ dateOfBirth: options.dateOfBirth, updatedAt: now })
      .where(eq(users.id, options.userId));
  }
  return null;
}
