import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { balanceSnapshotJob } from './balance-snapshot-job.ts';
import { monthEnded } from './balance-snapshots.ts';

// The cron parser pg-boss itself reads schedules with (its own dependency), so the runs computed here are its runs.
const requireFromPgBoss = createRequire(createRequire(import.meta.url).resolve('pg-boss'));
const cronParser = requireFromPgBoss('cron-parser') as {
  parseExpression: (cron: string, options: { tz: string; currentDate: Date }) => { next: () => { toDate: () => Date } };
};

/** The next `count` runs of the job's schedule after `from`, as pg-boss reckons them. */
function nextRuns(from: string, count = 1): string[] {
  const { cron, cronTimeZone } = balanceSnapshotJob.options;
  const interval = cronParser.parseExpression(cron!, { tz: cronTimeZone!, currentDate: new Date(from) });
  return Array.from({ length: count }, () => interval.next().toDate().toISOString());
}

describe('the balances snapshot schedule', () => {
  it('fires at 00:00 India time on the 1st: 18:30 UTC on the last day of the month before', () => {
    expect(balanceSnapshotJob.options).toMatchObject({ cron: '0 0 1 * *', cronTimeZone: 'Asia/Kolkata' });
    expect(nextRuns('2026-11-15T00:00:00Z', 4)).toEqual([
      '2026-11-30T18:30:00.000Z',
      '2026-12-31T18:30:00.000Z',
      '2027-01-31T18:30:00.000Z',
      '2027-02-28T18:30:00.000Z',
    ]);
    // A leap year's February, and the minute before a run.
    expect(nextRuns('2028-02-10T00:00:00Z')).toEqual(['2028-02-29T18:30:00.000Z']);
    expect(nextRuns('2026-11-30T18:29:00Z')).toEqual(['2026-11-30T18:30:00.000Z']);
  });

  it('names the India month that ended: at its run, and later the same month', () => {
    expect(monthEnded(new Date('2026-11-30T18:30:00Z'))).toBe('2026-11');
    expect(monthEnded(new Date('2026-12-31T18:30:05Z'))).toBe('2026-12');
    expect(monthEnded(new Date('2027-01-01T10:00:00Z'))).toBe('2026-12');
    // 23:59 India time on 30 November: still November, so the month that ended is October.
    expect(monthEnded(new Date('2026-11-30T18:29:00Z'))).toBe('2026-10');
  });
});
