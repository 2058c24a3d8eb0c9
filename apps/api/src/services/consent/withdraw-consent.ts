import { and, eq, inArray } from 'drizzle-orm';
import { guardianConsents } from '@app/db';
import { consentMessages, type GuardianConsentData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { findConsentByToken } from './find-consent-by-token.ts';
import { getGuardianConsent } from './get-guardian-consent.ts';

/**
 * POST /guardian/consent/{token}/withdraw: the guardian takes consent back (or refuses a pending
 * request). Money actions are refused again from the next request on, since requireMoneyConsent
 * reads this row every time. Withdrawing twice changes nothing.
 */
export async function withdrawConsent(
  ctx: AppContext,
  options: { token: string; ip: string; userAgent: string | null },
): Promise<GuardianConsentData> {
  const { consent } = await findConsentByToken(ctx, options.token);
  if (consent.status !== 'withdrawn') {
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      const changed = await tx
        .update(guardianConsents)
        .set({ status: 'withdrawn', withdrawnAt: now })
        .where(and(eq(guardianConsents.id, consent.id), inArray(guardianConsents.status, ['pending', 'given'])))
        .returning({ id: guardianConsents.id });
      if (changed.length === 0) throw AppError.notFound(consentMessages.consentLinkInvalid);
      await recordAudit(tx, ctx, {
        actorId: null,
        action: 'consent.withdrawn',
        entity: 'guardian_consents',
        entityId: consent.id,
        before: { status: consent.status },
        after: { user_id: consent.userId, status: 'withdrawn', ip: options.ip, user_agent: options.userAgent },
      });
    });
  }
  return getGuardianConsent(ctx, { token: options.token });
}
