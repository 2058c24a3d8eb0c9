import type { AdminUserDetail } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordDateOfBirth } from '../../consent/index.ts';
import { findUserRow, getUserDetail } from './users.ts';

/**
 * PUT /admin/users/{id}/date-of-birth: the operator corrects a learner's date of birth on a written
 * request (decision 024), in either direction: the learner's change rule does not bind them. The date
 * must still be a real day, not ahead, an age of 5 to 100 (checked against ctx.now()). Audited as
 * `user.date_of_birth` with the operator, the old and the new value. Answers the user's page.
 */
export async function correctDateOfBirth(
  ctx: AppContext,
  options: { actorId: number; id: number; dateOfBirth: string },
): Promise<AdminUserDetail> {
  await findUserRow(ctx.db, options.id);
  const problem = await recordDateOfBirth(ctx, {
    userId: options.id,
    dateOfBirth: options.dateOfBirth,
    via: 'operator',
    actorId: options.actorId,
  });
  if (problem) throw AppError.field('date_of_birth', problem);
  return getUserDetail(ctx, options.id);
}
