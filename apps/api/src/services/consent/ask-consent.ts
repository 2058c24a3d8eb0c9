import { canonicalEmail, type AskConsentData, type AskConsentInput } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { AuthUser } from '../accounts/index.ts';
import { consentStatus, toConsentData } from './consent-status.ts';
import { checkConsentCanBeAsked, createConsentRequest, refuseChildGuardian } from './create-consent-request.ts';

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
  await refuseChildGuardian(ctx, input);
  await ctx.limits.consume('consentRequestsPerAccount', String(user.id));
  await ctx.limits.consume('consentRequestsPerIp', ip);
  if (input.guardian_email) await countConsentMail(ctx, { userId: user.id, email: input.guardian_email });
  const { link, whatsappUrl } = await createConsentRequest(ctx, { child: user, input, ip, namedBy: null });
  const data = toConsentData(await consentStatus(ctx, ctx.db, { userId: user.id }));
  return { ...data, link, whatsapp_url: whatsappUrl };
}

/**
 * One consent mail to a guardian's address, counted by its canonical form (Gmail's dots and +tags, case: one inbox):
 * at most three a day from one account, and at most ten accounts a day to one address. An account is counted among
 * the ten by its first mail of the day; its reminders are not counted again, so strangers who asked first cannot
 * use up the real child's request (decision 024, later).
 */
async function countConsentMail(ctx: AppContext, options: { userId: number; email: string }): Promise<void> {
  const guardian = canonicalEmail(options.email);
  const pair = `${options.userId}|${guardian}`;
  const mails = await ctx.limits.consume('consentMailsPerLearnerAndGuardianEmail', pair);
  if (mails > 1) return;
  try {
    await ctx.limits.consume('consentMailsPerGuardianEmail', guardian);
  } catch (error) {
    // Not counted among the address's accounts: its next request must be counted again, not pass as a reminder.
    await ctx.limits.giveBack('consentMailsPerLearnerAndGuardianEmail', pair);
    throw error;
  }
}
