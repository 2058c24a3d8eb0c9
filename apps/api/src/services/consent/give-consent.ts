import { and, eq, gt } from 'drizzle-orm';
import { guardianConsents } from '@app/db';
import { consentMessages, type GuardianConsentData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { findConsentByToken } from './find-consent-by-token.ts';
import { consentLinkCutoff } from './is-consent-link-expired.ts';
import { getGuardianConsent } from './get-guardian-consent.ts';

/**
 * POST /guardian/consent/{token} {agree: true}: the guardian agrees. Only a pending request under 7 days
 * old can be given (once given, answering again changes nothing); the time, IP address and user agent of the
 * answer are kept as its evidence, and the audit log records it. An answer sent with the learner's own session
 * is refused (403).
 */
export async function giveConsent(
  ctx: AppContext,
  options: { token: string; ip: string; userAgent: string | null; answeredBy: number | null },
): Promise<GuardianConsentData> {
  const { consent } = await findConsentByToken(ctx, options.token);
  if (consent.status === 'withdrawn') throw AppError.badRequest(consentMessages.consentLinkWithdrawn);
  if (consent.status === 'pending') {
    // Sent with the learner's own session (the link opened in the app they are signed in to): the child answering
    // for the guardian. Refused and audited; a guardian on their own phone sends no session, or their own.
    if (options.answeredBy === consent.userId) {
      await recordAudit(ctx.db, ctx, {
        actorId: consent.userId,
        action: 'consent.refused_own_answer',
        entity: 'guardian_consents',
        entityId: consent.id,
        after: { ip: options.ip, user_agent: options.userAgent },
      });
      throw AppError.forbidden(consentMessages.consentNotByLearner);
    }
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      const changed = await tx
        .update(guardianConsents)
        .set({
          status: 'given',
          givenAt: now,
          answerIp: options.ip,
          answerUserAgent: options.userAgent?.slice(0, 500) ?? null,
        })
        .where(
          and(
            eq(guardianConsents.id, consent.id),
            eq(guardianConsents.status, 'pending'),
            gt(guardianConsents.createdAt, consentLinkCutoff(now)),
          ),
        )
        .returning({ id: guardianConsents.id });
      // Superseded meanwhile (the learner asked again), or expired since it was read: this link no longer counts.
      if (changed.length === 0) throw AppError.notFound(consentMessages.consentLinkInvalid);
      await recordAudit(tx, ctx, {
        actorId: null,
        action: 'consent.given',
        entity: 'guardian_consents',
        entityId: consent.id,
        before: { status: 'pending' },
        after: { user_id: consent.userId, status: 'given', ip: options.ip, user_agent: options.userAgent },
      });
    });
  }
  return getGuardianConsent(ctx, { token: options.token });
}
