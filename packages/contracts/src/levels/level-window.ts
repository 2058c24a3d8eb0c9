/**
 * Level windows (docs/product/referrals-and-levels.md#level-windows), as pure functions of time.
 *
 * Calendar days are India's: IST is UTC+05:30 all year (no daylight saving), so a day is always
 * 86 400 000 ms and day arithmetic on instants is exact.
 *
 * A window is the half-open interval (start, end]: it starts at an instant (registration, or the
 * moment the previous level was achieved) and ends at midnight after its `days`-th calendar day.
 * When it ends before the level is achieved, a window of the same length starts the next day,
 * as many times as needed. A sub-user counts for the window in which they became active.
 */

export const DAY_MS = 86_400_000;
export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The IST calendar day of an instant, as a day number (0 = 1970-01-01). */
export function dayNumber(instant: Date): number {
  return Math.floor((instant.getTime() + IST_OFFSET_MS) / DAY_MS);
}

/** Midnight IST at the start of a day number. */
export function dayStart(day: number): Date {
  return new Date(day * DAY_MS - IST_OFFSET_MS);
}

/** A day number as YYYY-MM-DD. */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day number of a YYYY-MM-DD day (isoDay's inverse). */
export function dayOfIso(value: string): number {
  return Date.parse(`${value}T00:00:00Z`) / DAY_MS;
}

export interface LevelWindow {
  /** Exclusive: activations strictly after this instant count. */
  start: Date;
  /** Inclusive: midnight IST after the window's last day. */
  end: Date;
  /** How many expired windows were rolled past since `start` of the stored window. */
  rolled: number;
}

/** Window length in days; a misconfigured level (0 or less days) still gets one day. */
function windowDays(days: number): number {
  return Math.max(1, Math.floor(days));
}

/**
 * The window of a level that holds `now`, given the start of the level's first (or last known)
 * window: the first window, or the one reached by rolling forward expired windows.
 */
export function levelWindowAt(start: Date, days: number, now: Date): LevelWindow {
  const span = windowDays(days) * DAY_MS;
  const firstEnd = dayStart(dayNumber(start) + windowDays(days)).getTime();
  if (now.getTime() <= firstEnd) return { start, end: new Date(firstEnd), rolled: 0 };
  const rolled = Math.ceil((now.getTime() - firstEnd) / span);
  const rolledStart = firstEnd + (rolled - 1) * span;
  return { start: new Date(rolledStart), end: new Date(rolledStart + span), rolled };
}

/** The window's first calendar day, YYYY-MM-DD. */
export function windowFirstDay(window: Pick<LevelWindow, 'start'>): string {
  return isoDay(dayNumber(window.start));
}

/** The window's last calendar day, YYYY-MM-DD (the spec's level_end). */
export function windowLastDay(window: Pick<LevelWindow, 'end'>): string {
  return isoDay(dayNumber(window.end) - 1);
}

/**
 * Calendar days left in the window, today included: `days` on its first day, 1 on its last
 * (the spec's difference, shown as '{difference} more days for {level_days} days achievement').
 */
export function daysRemaining(window: Pick<LevelWindow, 'end'>, now: Date): number {
  return Math.max(0, dayNumber(window.end) - dayNumber(now));
}

/** completed_node / node × 100, to two decimals, never above 100 (docs/product/referrals-and-levels.md#level-card). */
export function levelProgressPercent(completedNode: number, node: number): number {
  if (node <= 0) return 100;
  const completed = Math.max(0, Math.min(completedNode, node));
  return Math.round((completed * 10_000) / node) / 100;
}

/** The percent as the spec shows it: always two decimals, e.g. '33.33'. */
export function formatLevelProgress(percent: number): string {
  return percent.toFixed(2);
}
