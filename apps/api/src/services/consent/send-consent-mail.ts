import type { Language } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { queueNotice } from '../mail/index.ts';
import { consentMail } from './consent-mail.ts';

/**
 * Queues the consent link to a guardian named by email, after the request's transaction committed. Like
 * every notice (queue-notice.ts) it never throws: a queue that fails is logged and counted, not a 500 for
 * a request already stored; the learner sees it pending and can ask again (decision 024).
 */
export async function sendConsentMail(
  ctx: AppContext,
  options: { userId: number; language: Language; to: string; guardianName: string; childName: string; link: string },
): Promise<void> {
  const { userId, ...mail } = options;
  await queueNotice(ctx, {
    about: { kind: 'consent-request', userId },
    build: async () => ({ mail: consentMail({ ...mail, appName: ctx.env.APP_NAME }) }),
  });
}
