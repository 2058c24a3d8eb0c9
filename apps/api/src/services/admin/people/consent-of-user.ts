import type { AdminConsent } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { consentStatus } from '../../consent/index.ts';

/**
 * A user's date of birth and where their guardian's consent stands, for the operator's user page: the
 * same status the money routes read (consentStatus), the guardian's contact in full.
 */
export async function consentOfUser(ctx: AppContext, options: { userId: number }): Promise<AdminConsent> {
  const state = await consentStatus(ctx, ctx.db, options);
  const { consent } = state;
  return {
    date_of_birth: state.dateOfBirth,
    age: state.age,
    status: state.status,
    // An erased learner's consent rows keep no name or contact (decision 066).
    guardian:
      consent && consent.guardianName !== ''
        ? { name: consent.guardianName, email: consent.guardianEmail, mobile: consent.guardianMobile }
        : null,
    requested_at: consent?.createdAt.toISOString() ?? null,
    given_at: consent?.givenAt?.toISOString() ?? null,
    withdrawn_at: consent?.withdrawnAt?.toISOString() ?? null,
    is_link_expired: state.linkExpired,
    is_named_by_operator: consent?.namedBy != null,
  };
}
