import { and, eq } from 'drizzle-orm';
import { standards, syllabuses, users } from '@app/db';
import { accountMessages, paiseToRupees, type AddClassData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { type UserRow, sendVerificationOtp } from '../accounts/index.ts';
import { findBatch } from './get-batch.ts';
import { recordDateOfBirth } from '../consent/index.ts';

export interface AddClassInput {
  syllabus: number;
  standard: number;
  offer_code?: string | null | undefined;
  date_of_birth: string;
}

/**
 * POST /add-class: records the learner's syllabus and standard. The next screen is Verify, so an
 * unverified learner is mailed a code here too (quietly skipped when one went out a minute ago).
 * The date of birth is stored too (issue 16: a learner under 18 needs a guardian's consent to pay).
 * The offer code is only carried back: it is checked when the batch fee is paid (first-payment).
 */
export async function addClass(
  ctx: AppContext,
  options: { user: UserRow; input: AddClassInput; ip: string },
): Promise<AddClassData> {
  const { user, input } = options;
  const [syllabus] = await ctx.db
    .select({ id: syllabuses.id, name: syllabuses.name })
    .from(syllabuses)
    .where(eq(syllabuses.id, input.syllabus));
  if (!syllabus) throw AppError.field('syllabus', accountMessages.syllabusInvalid);
  const [standard] = await ctx.db
    .select({ id: standards.id, name: standards.name })
    .from(standards)
    .where(and(eq(standards.id, input.standard), eq(standards.syllabusId, syllabus.id)));
  if (!standard) throw AppError.field('standard', accountMessages.standardInvalid);
  // Issue 16: the date of birth comes with the level (checked against ctx.now(), under the change rule).
  const dobProblem = await recordDateOfBirth(ctx, {
    userId: user.id,
    dateOfBirth: input.date_of_birth,
    via: 'add-class',
  });
  if (dobProblem) throw AppError.field('date_of_birth', dobProblem);

  await ctx.db
    .update(users)
    .set({
      syllabusId: syllabus.id,
      standardId: standard.id,
      isStandardPicked: true,
      updatedAt: ctx.now(),
    })
    .where(eq(users.id, user.id));

  if (!user.emailVerifiedAt) await sendVerificationOtp(ctx, { user, ip: options.ip, isQuiet: true });

  const batch = await findBatch(ctx.db, { syllabusId: syllabus.id, standardId: standard.id });
  return {
    isStandardPicked: true,
    syllabus,
    standard,
    batch: batch ? { id: batch.id, name: batch.name, fee: paiseToRupees(batch.feePaise) } : null,
    offer_code: input.offer_code ? input.offer_code.toUpperCase() : null,
    email_verified: Boolean(user.emailVerifiedAt),
  };
}
