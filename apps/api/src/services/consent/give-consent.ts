import { and, eq, gt } from 'drizzle-orm';
import { guardianConsents, users } from '@app/db';
import { consentMessages, isMinor, type GuardianConsentData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { findConsentByToken } from './find-consent-by-token.ts';
import { consentLinkCutoff } from './is-consent-link-expired.ts';
import { getGuardianConsent } from './get-guardian-consent.ts';
import { isMinorsAddress } from './create-consent-request.ts';

/** True when the account's date of birth makes it a minor today (India's date). */
async function isMinorAccount(ctx: AppContext, userId: number): Promise<boolean> {
  const [account] = await ctx.db.select({ dateOfBirth: users.dateOfBirth }).from(users).where(eq(users.id, userId));
  return Boolean(account?.dateOfBirth && isMinor(account.dateOfBirth, ctx.now()));
}

/**
 * POST /guardian/consent/{token} {agree: true}: the guardian agrees. Only a pending request under 7 days
 * old can be given (once given, answering again changes nothing); the time, IP address and user agent of the
 * answer are kept as its evidence, and the audit log records it. An answer sent with the learner's own session, or
 * with any other account under 18's, is refused (403).
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
    /** Refuses the answer (403), audited with where it came from. */
    const refuse = async (action: string, actorId: number | null, message: string): Promise<never> => {
      await recordAudit(ctx.db, ctx, {
        actorId,
        action,
        entity: 'guardian_consents',
        entityId: consent.id,
        after: { ip: options.ip, user_agent: options.userAgent },
      });
      throw AppError.forbidden(message);
    };
    if (options.answeredBy === consent.userId)
      await refuse('consent.refused_own_answer', consent.userId, consentMessages.consentNotByLearner);
    // Sent with another minor's session (the link passed on to a classmate), or to an address that is now a verified
    // minor's (a classmate who had no date of birth when named). A guardian answers signed out, or as an adult.
    const isChildAnswering =
      (options.answeredBy !== null && (await isMinorAccount(ctx, options.answeredBy))) ||
      (consent.guardianEmail !== null && (await isMinorsAddress(ctx, consent.guardianEmail)));
    if (isChildAnswering)
      await refuse('consent.refused_minor_answer', options.answeredBy, consentMessages.consentNotByAChild);
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
