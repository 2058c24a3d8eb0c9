import { consentMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { consentStatus } from './consent-status.ts';

/**
 * THE rule of issue 16, part 7, called by every money route (checkout of a priced course, first-payment,
 * pay-now, redeem-point, bank details, withdraw) before anything moves: a learner without a date of birth,
 * or under 18 without a guardian's consent given (and not withdrawn), is refused with 403.
 * Adults, and minors whose guardian agreed, pass.
 */
export async function requireMoneyConsent(ctx: AppContext, options: { userId: number }): Promise<void> {
  const state = await consentStatus(ctx, ctx.db, options);
  if (state.allowed) return;
  throw AppError.forbidden(
    state.status === 'dob_needed' ? consentMessages.dateOfBirthNeeded : consentMessages.consentRequired,
  );
}
