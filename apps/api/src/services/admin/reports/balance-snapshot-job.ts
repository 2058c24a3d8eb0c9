import { defineJob } from '../../../jobs/registry.ts';
import { writeBalanceSnapshot } from './balance-snapshots.ts';

/**
 * At 00:00 India time on the 1st of each month: "Balances owed" as at that instant, stored as the month that ended
 * (reports/balances/YYYY-MM.csv, decision 067). The cron is read in Asia/Kolkata (pg-boss's `tz`), so it fires at
 * 18:30 UTC on the last day of the month before. A run that finds the month's snapshot stored writes nothing, so a
 * retry or a second worker keeps the first one. Retried twice a few minutes apart when the database or the storage
 * fails; the operator sees a final failure in the console's job list.
 */
export const balanceSnapshotJob = defineJob(
  'balance-snapshot',
  async (ctx, _data, run) => {
    const { month, written, totals } = await writeBalanceSnapshot(ctx);
    run.log.info({ month, written, owedPaise: totals?.owedPaise }, 'balances snapshot');
  },
  {
    policy: 'stately',
    cron: '0 0 1 * *',
    cronTimeZone: 'Asia/Kolkata',
    retryLimit: 2,
    retryDelaySeconds: 300,
    expireInSeconds: 15 * 60,
  },
);
