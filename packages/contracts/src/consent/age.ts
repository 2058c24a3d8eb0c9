import { dayNumber, isoDay } from '../levels/level-window.ts';

/** The ages the product accepts, and the age from which no guardian's consent is needed (issue 16, part 7). */
export const MIN_AGE = 5;
export const MAX_AGE = 100;
export const ADULT_AGE = 18;

/** Today's date in India (YYYY-MM-DD) at an instant: ages are counted in India time. */
export function indiaToday(now: Date): string {
  return isoDay(dayNumber(now));
}

/** A real calendar date written YYYY-MM-DD (2010-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Whole years from a date of birth to a day (both YYYY-MM-DD): a birthday counts on the day itself; 29 Feb on 1 Mar. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age--;
  return age;
}

/** True when a learner born on `dateOfBirth` is under 18 at `now` (India time). */
export function isMinor(dateOfBirth: string, now: Date): boolean {
  return ageOn(dateOfBirth, indiaToday(now)) < ADULT_AGE;
}

export type DateOfBirthProblem = 'invalid' | 'future' | 'age';

/** What is wrong with a date of birth given at `now`: not a date, in the future, or an age outside 5–100; null if fine. */
export function dateOfBirthProblem(value: string, now: Date): DateOfBirthProblem | null {
  if (!isCalendarDate(value)) return 'invalid';
  const today = indiaToday(now);
  if (value > today) return 'future';
  const age = ageOn(value, today);
  return age < MIN_AGE || age > MAX_AGE ? 'age' : null;
}
