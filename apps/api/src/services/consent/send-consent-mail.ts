import type { Language } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { queueNotice } from '../mail/index.ts';
import { consentMail } from './consent-mail.ts';

/**
 * Writes the consent link to a guardian named by email within the request's transaction (the outbox:
 * queue-notice.ts). Like every notice it never throws: a mail that cannot be written is logged and
 * counted, not a 500 for a request stored; the learner sees it pending and can ask again (decision 024).
 */
export async function sendConsentMail(
  ctx: AppContext,
  options: {
    userId: number;
    language: Language;
    to: string;
    guardianName: string;
    childName: string;
    link: string;
    within: DbOrTx;
  },
): Promise<void> {
  const { userId, within, ...mail } = options;
  await queueNotice(ctx, {
    within,
    about: { kind: 'consent-request', userId },
    build: async () => ({
      mail: consentMail({ ...mail, appName: ctx.env.APP_NAME }),
      options: { aboutUserId: userId },
    }),
  });
}
