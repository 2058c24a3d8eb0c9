import { z } from 'zod';
import { dayOfIso } from '../levels/level-window.ts';
import { calendarDay, isCalendarDay } from './common.ts';

/**
 * The accountant's registers (docs/product/admin-console.md#reports), each a CSV of one period in India days:
 * - gst: every GST tax invoice and credit note issued;
 * - payouts: every withdrawal paid, and every one the bank sent back;
 * - earnings: what each person (one PAN, however many accounts) earned: commission, level rewards, points redeemed;
 * - provider: every movement of money at the payment provider (Razorpay) the API knows of: payments, payments that
 *   bought nothing and their refunds, refunds (decision 071).
 */
export const REPORTS = ['gst', 'payouts', 'earnings', 'provider'] as const;
export type Report = (typeof REPORTS)[number];

/** The longest period one download covers: a financial year, give or take a leap day. */
export const REPORT_MAX_DAYS = 366;

export const reportMessages = {
  reportUnknown: "report must be 'gst', 'payouts', 'earnings' or 'provider'.",
  periodReversed: 'The end date must not be before the start date.',
  periodTooLong: `A report covers at most ${REPORT_MAX_DAYS} days.`,
} as const;

/** GET /admin/reports/{report}.csv */
export const reportParams = z.object({ report: z.enum(REPORTS, { error: reportMessages.reportUnknown }) });

/** Both days are days: the period's own checks say nothing more about a date already refused. */
const bothDays = (q: { from: string; to: string }) => isCalendarDay(q.from) && isCalendarDay(q.to);

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD: India days, both included. */
export const reportQuery = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((q) => !bothDays(q) || q.from <= q.to, { path: ['to'], error: reportMessages.periodReversed })
  .refine((q) => !bothDays(q) || dayOfIso(q.to) - dayOfIso(q.from) < REPORT_MAX_DAYS, {
    path: ['to'],
    error: reportMessages.periodTooLong,
  });
export type ReportQuery = z.infer<typeof reportQuery>;

/**
 * "Balances owed" (decision 067): what the business owes its learners as at now (GET /admin/reports/balances), and
 * the month-end snapshots of it the workers store at 00:00 India time on the 1st (GET /admin/reports/balances/snapshots).
 */
export interface BalanceSnapshot {
  /** The month that ended, YYYY-MM. */
  month: string;
  file_name: string;
  /** Bytes. */
  size: number;
}

/** GET /admin/reports/balances/snapshots/{month}: a month, YYYY-MM. */
export const balanceSnapshotParams = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Enter a month as YYYY-MM.' }),
});
