import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context.ts';
import type { Mail, SendOptions } from './mailer.ts';

/**
 * Queues a notice about a change (a payment, a settled withdrawal, a changed password or email):
 * reading what the mail needs, writing it and queueing it never fail nor hold back the request that
 * caused it. A failure is logged (with what the mail was about, never its body) and counted
 * (live_connect_mail_not_queued_total); nothing is thrown.
 *
 * `within` the change's own transaction, the mail is written with it (the outbox, mailer.ts), in a
 * savepoint so that a failure here rolls back the mail alone, never the change: the mail then exists
 * if and only if the change commits, and a crash right after the commit cannot lose it. `build` reads
 * through the handle it is given (the transaction, or ctx.db without one). Call flushMailOutbox after
 * the transaction commits.
 */
export async function queueNotice(
  ctx: AppContext,
  options: {
    about: Record<string, string | number>;
    build: (db: DbOrTx) => Promise<{ mail: Mail; options?: SendOptions } | null>;
    within?: DbOrTx;
  },
): Promise<void> {
  const { within } = options;
  const queue = async (db: DbOrTx) => {
    const built = await options.build(db);
    if (built) await ctx.mailer.send(built.mail, { ...built.options, ...(within ? { within: db } : {}) });
  };
  try {
    if (within) await within.transaction(queue);
    else await queue(ctx.db);
  } catch (error) {
    ctx.mailer.stats.notQueued++;
    ctx.mailer.log.error(
      { err: error, mail: options.about },
      'a mail could not be queued; the request went on without it',
    );
  }
}

/**
 * After a transaction that wrote notices to the outbox has committed: moves them onto the mail queue.
 * Never throws: what is left waits for the reconciler's next run.
 */
export async function flushMailOutbox(ctx: AppContext): Promise<void> {
  try {
    await ctx.mailer.relayOutbox();
  } catch (error) {
    ctx.mailer.log.warn({ err: error }, 'the mail outbox could not be relayed now; the reconciler will');
  }
}
