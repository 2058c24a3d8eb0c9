import { ADULT_AGE, ageOn, consentMessages, indiaToday } from '@app/contracts';

/**
 * Why a learner may not change a stored date of birth to `next`, or null when they may. A date of birth
 * decides whether a guardian must agree, so a learner it makes a minor may only correct it to the same
 * or a later date (younger, never older): an earlier one would bring their 18th birthday, and with it the
 * end of the guardian's say, closer (a 13-year-old writing a date that makes them 17 years and 364 days
 * old would need no consent tomorrow). Clearing it, or making themselves an adult, is older too.
 * An adult may change it freely; an operator corrects it on a written request (decision 024).
 */
export function dateOfBirthChangeProblem(
  current: string | null,
  next: string | null | undefined,
  now: Date,
): string | null {
  if (next === undefined || !current || next === current) return null;
  if (ageOn(current, indiaToday(now)) >= ADULT_AGE) return null;
  // YYYY-MM-DD strings compare as the dates do.
  if (next === null || next < current) return consentMessages.dateOfBirthLocked;
  return null;
}
