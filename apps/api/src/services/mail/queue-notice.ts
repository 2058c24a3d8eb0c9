import type { AppContext } from '../../context.ts';
import type { Mail, SendOptions } from './mailer.ts';

/**
 * Queues a notice that follows something already done (a payment, a settled withdrawal, a changed
 * password or email): reading what the mail needs, writing it and queueing it never fail nor hold
 * back the request that caused it. A failure is logged (with what the mail was about, never its body)
 * and counted (live_connect_mail_not_queued_total); nothing is thrown.
 */
export async function queueNotice(
  ctx: AppContext,
  options: {
    about: Record<string, string | number>;
    build: () => Promise<{ mail: Mail; options?: SendOptions } | null>;
  },
): Promise<void> {
  try {
    const built = await options.build();
    if (built) await ctx.mailer.send(built.mail, built.options);
  } catch (error) {
    ctx.mailer.stats.notQueued++;
    ctx.mailer.log.error(
      { err: error, mail: options.about },
      'a mail could not be queued; the request went on without it',
    );
  }
}
