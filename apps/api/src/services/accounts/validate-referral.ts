import { messages, type ReferralUser } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserByReferralCode } from './find-user.ts';
import { maskEmail, maskMobile } from '../../lib/mask-contact.ts';

/** The referrer behind a code, for the register page's card; 400 when nobody holds it. */
export async function validateReferral(ctx: AppContext, options: { code: string; ip: string }): Promise<ReferralUser> {
  await ctx.limits.consume('referralLookupPerIp', options.ip);
  const referrer = await findUserByReferralCode(ctx.db, options.code);
  if (!referrer) throw AppError.badRequest(messages.invalidReferral);
  return {
    name: `${referrer.firstName} ${referrer.lastName}`.trim(),
    email: maskEmail(referrer.email),
    mobile: maskMobile(referrer.mobile),
  };
}
