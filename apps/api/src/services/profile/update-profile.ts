import { and, eq, inArray, isNull } from 'drizzle-orm';
import { countries, emailOtps, genders, maritalStatuses, users } from '@app/db';
import { canonicalEmail, dayNumber, isoDay, messages, profileMessages, type UpdateProfileInput } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/postgres-error.ts';
import { findUserByEmail, type UserRow, sendVerificationOtp } from '../accounts/index.ts';
import { flushMailOutbox, sendEmailChangedMail } from '../mail/index.ts';
import { dateOfBirthChangeProblem, writeDateOfBirth } from '../consent/index.ts';
import { reviewSelfReferrals } from '../referrals/index.ts';
import { confirmCurrentPassword } from './confirm-current-password.ts';

/** 422 with every field error found, in the spec's shape. */
function fail(errors: Record<string, string[]>): never {
  const first = Object.values(errors)[0]?.[0] ?? messages.invalidInput;
  throw new AppError('VALIDATION', first, { errors });
}

async function checkReferences(ctx: AppContext, input: UpdateProfileInput, errors: Record<string, string[]>) {
  const checks: [keyof typeof errors, number | null | undefined, () => Promise<unknown[]>, string][] = [
    [
      'gender_id',
      input.gender_id,
      () => ctx.db.select({ id: genders.id }).from(genders).where(eq(genders.id, input.gender_id!)),
      profileMessages.genderInvalid,
    ],
    [
      'marital_status_id',
      input.marital_status_id,
      () =>
        ctx.db
          .select({ id: maritalStatuses.id })
          .from(maritalStatuses)
          .where(eq(maritalStatuses.id, input.marital_status_id!)),
      profileMessages.maritalStatusInvalid,
    ],
    [
      'country_id',
      input.country_id,
      () => ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.id, input.country_id!)),
      profileMessages.countryInvalid,
    ],
  ];
  for (const [field, value, find, message] of checks) {
    // smallint columns: ids beyond them cannot exist.
    if (value === null || value === undefined) continue;
    if ((field !== 'country_id' && value > 32_767) || (await find()).length === 0) errors[field] = [message];
  }
}

/**
 * PUT /profile: the editable profile fields (absent optional fields stay as they are, null or ''
 * clears them). A new email needs the current password, must be free, clears email_verified_at, voids the codes
 * sent to the old address and mails one to the new address (the client then goes to /verify).
 */
export async function updateProfile(
  ctx: AppContext,
  options: { user: UserRow; input: UpdateProfileInput; ip: string },
): Promise<UserRow> {
  const { user, input, ip } = options;
  const now = ctx.now();
  const errors: Record<string, string[]> = {};
  const isNewEmail = input.email !== user.email.toLowerCase();
  if (isNewEmail) {
    // Counted first: the answer says whether the address has an account (decision 064).
    await ctx.limits.consume('emailChangesPerUser', String(user.id));
    const owner = await findUserByEmail(ctx.db, input.email);
    if (owner && owner.id !== user.id) errors.email = [messages.emailTaken];
  }
  if (input.date_of_birth && input.date_of_birth > isoDay(dayNumber(now)))
    errors.date_of_birth = [profileMessages.dateOfBirthFuture];
  // A learner under 18 cannot clear their date of birth or make themselves older here (issue 16); checked
  // again on the locked row when it is written.
  const dobLocked = dateOfBirthChangeProblem(user.dateOfBirth, input.date_of_birth, now);
  if (dobLocked && !errors.date_of_birth) errors.date_of_birth = [dobLocked];
  await checkReferences(ctx, input, errors);
  if (Object.keys(errors).length > 0) fail(errors);
  // A new email, then a reset through it, would take the account from whoever holds the session alone.
  if (isNewEmail) await confirmCurrentPassword(ctx, { user, password: input.current_password });

  const optional = {
    genderId: input.gender_id,
    maritalStatusId: input.marital_status_id,
    countryId: input.country_id,
    city: input.city,
    state: input.state,
    address: input.address,
    landmark: input.landmark,
    pin: input.pin,
    occupation: input.occupation,
    qualification: input.qualification,
    about: input.about,
  };
  const changes = Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined));

  let updated: UserRow;
  try {
    updated = await ctx.db.transaction(async (tx) => {
      // The referrer's row before the learner's, the order of payments and refunds: a new mobile or email has the
      // self-referral review lock the referrer after this writes the learner, which deadlocked with their payment.
      const changesIdentity =
        (input.mobile !== undefined && input.mobile !== user.mobile) ||
        canonicalEmail(input.email) !== user.emailCanonical;
      if (user.referrerId !== null && changesIdentity)
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.referrerId)).for('no key update');
      if (input.date_of_birth !== undefined) {
        // The one writer of the date of birth: the change rule on the locked row, and the audit.
        const locked = await writeDateOfBirth(tx, ctx, {
          userId: user.id,
          dateOfBirth: input.date_of_birth ?? null,
          actorId: user.id,
          via: 'profile',
        });
        if (locked) throw AppError.field('date_of_birth', locked);
      }
      const [row] = await tx
        .update(users)
        .set({
          ...changes,
          firstName: input.first_name,
          lastName: input.last_name,
          mobile: input.mobile,
          email: input.email,
          emailCanonical: canonicalEmail(input.email),
          ...(isNewEmail ? { emailVerifiedAt: null } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, user.id))
        .returning();
      if (row!.mobile !== user.mobile || row!.emailCanonical !== user.emailCanonical)
        await reviewSelfReferrals(tx, ctx, { userId: user.id, change: 'profile' });
      if (isNewEmail) {
        // A code mailed to the old address must neither verify the new one nor reset the account now there.
        await tx
          .update(emailOtps)
          .set({ consumedAt: now })
          .where(
            and(
              eq(emailOtps.userId, user.id),
              inArray(emailOtps.purpose, ['verify_email', 'reset_password']),
              isNull(emailOtps.consumedAt),
            ),
          );
        // To the old address: the owner learns of it even if someone else made the change. Never throws.
        await sendEmailChangedMail(ctx, { user: row!, oldEmail: user.email, changedAt: now, within: tx });
      }
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw AppError.field('email', messages.emailTaken);
    throw error;
  }

  if (isNewEmail) {
    await flushMailOutbox(ctx);
    // Best effort: the profile is saved either way, and /verify offers 'Resent OTP'.
    await sendVerificationOtp(ctx, { user: updated, ip, isQuiet: true }).catch(() => undefined);
  }
  return updated;
}
