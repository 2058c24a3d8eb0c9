import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  dayNumber,
  dayStart,
  daysRemaining,
  formatLevelProgress,
  isoDay,
  levelWindowAt,
  levelProgressPercent,
  windowFirstDay,
  windowLastDay,
} from './level-window.ts';

/** An instant given as IST wall-clock time. */
const ist = (isoLocal: string) => new Date(`${isoLocal}+05:30`);

describe('IST calendar days', () => {
  it('puts 23:59 IST and 00:00 IST on different days even when UTC says otherwise', () => {
    expect(isoDay(dayNumber(ist('2025-03-10T23:59:59')))).toBe('2025-03-10');
    expect(isoDay(dayNumber(ist('2025-03-11T00:00:00')))).toBe('2025-03-11');
    // 2025-03-10T20:00Z is already the 11th in India.
    expect(isoDay(dayNumber(new Date('2025-03-10T20:00:00Z')))).toBe('2025-03-11');
  });

  it('starts a day at midnight IST', () => {
    expect(dayStart(dayNumber(ist('2025-03-10T15:00:00'))).toISOString()).toBe('2025-03-09T18:30:00.000Z');
  });
});

describe('levelWindowAt', () => {
  const registered = ist('2025-01-01T10:00:00');

  it('runs the first window from registration to the end of its 30th day', () => {
    const w = levelWindowAt(registered, 30, ist('2025-01-05T12:00:00'));
    expect(w.rolled).toBe(0);
    expect(w.start).toEqual(registered);
    expect(w.end).toEqual(ist('2025-01-31T00:00:00'));
    expect(windowFirstDay(w)).toBe('2025-01-01');
    expect(windowLastDay(w)).toBe('2025-01-30');
  });

  it('keeps the last instant of the last day inside the window', () => {
    expect(levelWindowAt(registered, 30, ist('2025-01-30T23:59:59.999')).rolled).toBe(0);
    expect(levelWindowAt(registered, 30, ist('2025-01-31T00:00:00')).rolled).toBe(0);
  });

  it('starts a new window of the same length the day after an expired one', () => {
    const w = levelWindowAt(registered, 30, ist('2025-01-31T00:00:00.001'));
    expect(w.rolled).toBe(1);
    expect(windowFirstDay(w)).toBe('2025-01-31');
    expect(windowLastDay(w)).toBe('2025-03-01');
    expect(w.end.getTime() - w.start.getTime()).toBe(30 * DAY_MS);
  });

  it('rolls forward as many windows as have expired', () => {
    const w = levelWindowAt(registered, 30, ist('2025-04-15T09:00:00'));
    // Windows: 01-01..01-30, 01-31..03-01, 03-02..03-31, 04-01..04-30.
    expect(w.rolled).toBe(3);
    expect(windowFirstDay(w)).toBe('2025-04-01');
    expect(windowLastDay(w)).toBe('2025-04-30');
  });

  it('gives the same window whether rolled from the first start or from a rolled start', () => {
    const now = ist('2025-09-09T09:09:09');
    const fromFirst = levelWindowAt(registered, 60, now);
    const intermediate = levelWindowAt(registered, 60, ist('2025-04-01T00:00:01'));
    const fromRolled = levelWindowAt(intermediate.start, 60, now);
    expect(fromRolled.start).toEqual(fromFirst.start);
    expect(fromRolled.end).toEqual(fromFirst.end);
  });

  it('treats a level with no days as a one-day window rather than dividing by zero', () => {
    const w = levelWindowAt(registered, 0, ist('2025-01-03T10:00:00'));
    expect(windowFirstDay(w)).toBe('2025-01-03');
    expect(windowLastDay(w)).toBe('2025-01-03');
  });
});

describe('daysRemaining', () => {
  const w = levelWindowAt(ist('2025-01-01T10:00:00'), 30, ist('2025-01-01T10:00:00'));

  it('counts today: the full length on the first day, 1 on the last', () => {
    expect(daysRemaining(w, ist('2025-01-01T10:00:01'))).toBe(30);
    expect(daysRemaining(w, ist('2025-01-02T00:00:00'))).toBe(29);
    expect(daysRemaining(w, ist('2025-01-30T23:00:00'))).toBe(1);
  });

  it('never goes below zero', () => {
    expect(daysRemaining(w, ist('2025-02-20T00:00:00'))).toBe(0);
  });
});

describe('levelProgressPercent', () => {
  it('is completed_node / node × 100 to two decimals', () => {
    expect(levelProgressPercent(0, 2)).toBe(0);
    expect(levelProgressPercent(1, 2)).toBe(50);
    expect(levelProgressPercent(1, 3)).toBe(33.33);
    expect(levelProgressPercent(2, 3)).toBe(66.67);
    expect(levelProgressPercent(5, 16)).toBe(31.25);
    expect(levelProgressPercent(1, 32)).toBe(3.13);
  });

  it('stays within 0..100', () => {
    expect(levelProgressPercent(5, 4)).toBe(100);
    expect(levelProgressPercent(-1, 4)).toBe(0);
    expect(levelProgressPercent(0, 0)).toBe(100);
  });

  it('formats with two decimals', () => {
    expect(formatLevelProgress(levelProgressPercent(1, 2))).toBe('50.00');
    expect(formatLevelProgress(levelProgressPercent(1, 3))).toBe('33.33');
  });
});
