import { and, eq, inArray } from 'drizzle-orm';
import { guardianConsents, walletTransactions, type Tx } from '@app/db';
import { consentMessages, ledgerDescription, type GuardianConsentData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { flushMailOutbox } from '../mail/index.ts';
import { isPendingWithdrawal, stopWithdrawal } from '../wallet/index.ts';
import { consentStatus } from './consent-status.ts';
import { findConsentByToken } from './find-consent-by-token.ts';
import { getGuardianConsent } from './get-guardian-consent.ts';

/**
 * POST /guardian/consent/{token}/withdraw: the guardian takes consent back (or refuses a pending
 * request). Money actions are refused again from the next request on, since requireMoneyConsent
 * reads this row every time, and withdrawals the child asked for and the operator has not started paying are
 * rejected in the same transaction, the money back in the wallet and the child told by mail: the guardian's
 * page says withdrawals stop at once. Withdrawing twice changes nothing.
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
      if (!(await consentStatus(ctx, tx, { userId: consent.userId })).allowed)
        await rejectPendingWithdrawals(tx, ctx, { userId: consent.userId, consentId: consent.id, now });
    });
    await flushMailOutbox(ctx);
  }
  return getGuardianConsent(ctx, { token: options.token });
}

/** The reason a withdrawal stopped by the guardian carries in the ledger (the child's mail says it in their language). */
const GUARDIAN_WITHDREW_CONSENT = ledgerDescription('guardianWithdrewConsent');

async function rejectPendingWithdrawals(
  tx: Tx,
  ctx: AppContext,
  options: { userId: number; consentId: number; now: Date },
): Promise<void> {
  const pending = await tx
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, options.userId), isPendingWithdrawal));
  // One paid or rejected by the operator meanwhile, or being paid now (the transfer may be on its way), stays as the
  // operator settles it.
  for (const { id } of pending) {
    await stopWithdrawal(tx, ctx, {
      id,
      reason: GUARDIAN_WITHDREW_CONSENT,
      mailReason: { guardianWithdrewConsent: true },
      action: 'withdrawal.rejected_consent_withdrawn',
      audit: { consent_id: options.consentId },
      now: options.now,
    });
  }
}
