import { defineJob } from '../../jobs/registry.ts';
import { disputesOpenHere } from './disputes.ts';
import { settleDisputeAtProvider, type DisputeAtProvider } from './settle-dispute-at-provider.ts';

/** Disputes asked about per run (each one call to Razorpay), oldest purchase first; the rest wait for the next day. */
const DISPUTES_PER_RUN = 5_000;

/**
 * Every day at 03:00 India time on the workers: every dispute still open here is asked of the provider
 * (settleDisputeAtProvider), and one won, closed or lost there is recorded as its event would have been. Razorpay
 * retries a webhook for a day only: a lost event left a chargeback unrecorded, the course open and the referrer's
 * commission withdrawable; a lost win left the console's Refund refused. Daily, not with the 5-minute reconciler: a
 * dispute stays open for weeks, and each one open is one call to Razorpay.
 */
export const disputeCheckJob = defineJob(
  'dispute-check',
  async (ctx, _data, run) => {
    const open = await disputesOpenHere(ctx.db, DISPUTES_PER_RUN);
    const counts: Record<DisputeAtProvider, number> = { ended: 0, lost: 0, open: 0 };
    for (const dispute of open) counts[await settleDisputeAtProvider(ctx, { ...dispute, log: run.log })]++;
    if (open.length > 0) run.log.info({ asked: open.length, ...counts }, 'open disputes asked of the provider');
  },
  {
    policy: 'stately',
    cron: '0 3 * * *',
    cronTimeZone: 'Asia/Kolkata',
    retryLimit: 0,
    expireInSeconds: 60 * 60,
  },
);
