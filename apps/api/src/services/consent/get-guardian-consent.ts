import { type GuardianConsentData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { languageOf } from '../../lib/i18n.ts';
import { findConsentByToken } from './find-consent-by-token.ts';

/** GET /guardian/consent/{token}: what the guardian reads (the child's name, the request, its state). */
export async function getGuardianConsent(ctx: AppContext, options: { token: string }): Promise<GuardianConsentData> {
  const { consent, child } = await findConsentByToken(ctx, options.token);
  return {
    status: consent.status as GuardianConsentData['status'],
    child_name: `${child.firstName} ${child.lastName}`.trim(),
    guardian_name: consent.guardianName,
    language: languageOf(child.language),
    requested_at: consent.createdAt.toISOString(),
    given_at: consent.givenAt?.toISOString() ?? null,
    withdrawn_at: consent.withdrawnAt?.toISOString() ?? null,
  };
}
