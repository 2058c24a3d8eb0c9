import { describe, expect, it } from 'vitest';
import { ageOn, dateOfBirthProblem, indiaToday, isCalendarDate, isMinor } from './age.ts';

describe('ages for consent', () => {
  it('counts whole years, the birthday on the day itself', () => {
    expect(ageOn('2012-06-15', '2026-06-14')).toBe(13);
    expect(ageOn('2012-06-15', '2026-06-15')).toBe(14);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('takes today in India time', () => {
    // 20:00 UTC on 14 June is already 15 June in India.
    expect(indiaToday(new Date('2026-06-14T20:00:00Z'))).toBe('2026-06-15');
    expect(isMinor('2008-06-15', new Date('2026-06-14T17:00:00Z'))).toBe(true);
    expect(isMinor('2008-06-15', new Date('2026-06-14T20:00:00Z'))).toBe(false);
  });

  it('rejects dates that do not exist, lie ahead, or give an age outside 5 to 100', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(isCalendarDate('2010-02-30')).toBe(false);
    expect(dateOfBirthProblem('2010-02-30', now)).toBe('invalid');
    expect(dateOfBirthProblem('24/11/2010', now)).toBe('invalid');
    expect(dateOfBirthProblem('2026-11-25', now)).toBe('future');
    expect(dateOfBirthProblem('2022-01-01', now)).toBe('age');
    expect(dateOfBirthProblem('1920-01-01', now)).toBe('age');
    expect(dateOfBirthProblem('2013-05-01', now)).toBeNull();
    expect(dateOfBirthProblem('1926-11-24', now)).toBeNull();
  });
});
