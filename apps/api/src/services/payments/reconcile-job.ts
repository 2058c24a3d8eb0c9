import { defineJob } from '../../jobs/registry.ts';
import { settleDueWallets } from '../wallet/index.ts';
import { RECONCILE_DEFAULTS, reconcilePendingPurchases } from './reconcile-pending-purchases.ts';

/**
 * Every 5 minutes on the workers: settles pending purchases (and fails orderless ones, freeing their
 * offer-code reservations), releases held credits whose refund window has passed and pays what learners owe from
 * their wallets (settleDueWallets), and queues the mails
 * a crash left in the outbox (between a change's commit and its relay, queue-notice.ts). The queue is
 * 'stately': one run at a time across every worker, and at most one more waiting, so a slow run
 * never piles up behind it. A failed run is not retried: the next one comes in 5 minutes.
 */
export const reconcileJob = defineJob(
  'reconcile',
  async (ctx, data, run) => {
    const report = await reconcilePendingPurchases(ctx, { ...data, log: run.log });
    const releasedUsers = await settleDueWallets(ctx.db, { now: ctx.now() });
    let relayedMails = 0;
    for (let batch = await ctx.mailer.relayOutbox(); batch > 0; batch = await ctx.mailer.relayOutbox())
      relayedMails += batch;
    if (report.checked || report.failed || releasedUsers || relayedMails)
      run.log.info({ report, releasedUsers, relayedMails }, 'reconciler run');
  },
  {
    policy: 'stately',
    cron: `*/${RECONCILE_DEFAULTS.intervalMs / 60_000} * * * *`,
    retryLimit: 0,
    expireInSeconds: 15 * 60,
  },
);
