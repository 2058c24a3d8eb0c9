import type { AskConsentData, AskConsentInput } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { AuthUser } from '../accounts/index.ts';
import { consentStatus, toConsentData } from './consent-status.ts';
import { checkConsentCanBeAsked, createConsentRequest } from './create-consent-request.ts';

/**
 * POST /consent: a learner under 18 names a parent or guardian (`createConsentRequest`: by email the link
 * is mailed, by mobile the learner gets it to pass on). Once a guardian is on record (they withdrew, or
 * the operator named them) only that guardian can be asked again. Rate-limited per learner, per client address and per guardian's email.
 */
export async function askConsent(
  ctx: AppContext,
  options: { user: AuthUser; input: AskConsentInput; ip: string },
): Promise<AskConsentData> {
  const { user, input, ip } = options;
  await checkConsentCanBeAsked(ctx, { child: user, input });
  await ctx.limits.consume('consentRequestsPerAccount', String(user.id));
  await ctx.limits.consume('consentRequestsPerIp', ip);
  if (input.guardian_email) await ctx.limits.consume('consentMailsPerGuardianEmail', input.guardian_email);
  const { link, whatsappUrl } = await createConsentRequest(ctx, { child: user, input, ip, namedBy: null });
  const data = toConsentData(await consentStatus(ctx, ctx.db, { userId: user.id }));
  return { ...data, link, whatsapp_url: whatsappUrl };
}
