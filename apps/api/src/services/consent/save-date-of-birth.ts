import type { ConsentData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { getConsentStatus } from './consent-status.ts';
import { recordDateOfBirth } from './record-date-of-birth.ts';

/** PUT /consent/dob: a learner gives (or corrects, within the change rule) their date of birth; answers the new status. */
export async function saveDateOfBirth(
  ctx: AppContext,
  options: { userId: number; dateOfBirth: string },
): Promise<ConsentData> {
  const problem = await recordDateOfBirth(ctx, { ...options, via: 'consent' });
  if (problem) throw AppError.field('date_of_birth', problem);
  return getConsentStatus(ctx, { userId: options.userId });
}
