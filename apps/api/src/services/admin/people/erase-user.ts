import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  accessTokens,
  bankDetails,
  certificates,
  devMailbox,
  emailOtps,
  erasureFollowUps,
  guardianConsents,
  idempotencyKeys,
  mailOutbox,
  quizAttemptGrants,
  quizAttempts,
  purchases,
  referralSignups,
  subjectProgress,
  users,
  walletTransactions,
  type DbOrTx,
} from '@app/db';
import { adminMessages, ERASED_EMAIL_DOMAIN, paiseToRupees, type AdminUserDetail } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { isUniqueViolation } from '../../../lib/postgres-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { ownPhotoKey } from '../../profile/index.ts';
import { cancelHeldCredits, isPendingWithdrawal, releaseHeldCredits } from '../../wallet/index.ts';
import { followUpErasure } from './follow-up-erasure.ts';
import { findUserRow, getUserDetail } from './users.ts';

/**
 * The address an erased learner's row holds: never deliverable (RFC 2606's .invalid), unique by the id and
 * unguessable by the random part, so that no account can take it first and make the erasure fail (the email field
 * refuses the domain too: contracts' ERASED_EMAIL_DOMAIN).
 */
export const erasedEmail = (id: number) => `erased-${id}-${randomBytes(8).toString('hex')}@${ERASED_EMAIL_DOMAIN}`;

/** A password hash argon2 cannot read: verifyPassword answers false for any password. */
const UNUSABLE_PASSWORD_HASH = 'erased';

/**
 * Mails still waiting about the learner: those that name them (`aboutUserId`: to them, or to their guardian) and those
 * to their own address that name nobody (older mails, written before the mails named whom they are about); never a
 * mail to their address about someone else (a parent's own account getting their child's consent request). Never by a guardian's
 * address: the learner typed it, unproven, and it may be another account's or a sibling's parent's, whose own mails
 * must go. Deleted from the outbox (a notice written with its change), the queue (pg-boss's jobs waiting, to retry,
 * or failed and archived: a job being sent right now is left to finish) and the dev outbox. pg-boss's tables exist
 * only once something was queued: looked up first.
 */
async function dropQueuedMails(tx: DbOrTx, learner: { id: number; email: string }): Promise<void> {
  const email = learner.email.toLowerCase();
  const aboutThem = (data: ReturnType<typeof sql>) =>
    sql`(${data}->>'aboutUserId' = ${String(learner.id)} or (${data}->>'aboutUserId' is null and lower(${data}->>'to') = ${email}))`;
  await tx.delete(mailOutbox).where(aboutThem(sql`${mailOutbox.data}`));
  await tx
    .delete(devMailbox)
    .where(
      sql`(${devMailbox.aboutUserId} = ${learner.id} or (${devMailbox.aboutUserId} is null and lower(${devMailbox.to}) = ${email}))`,
    );
  const tables = await tx.execute<{ job: string | null; archive: string | null }>(
    sql`select to_regclass('pgboss.job')::text as job, to_regclass('pgboss.archive')::text as archive`,
  );
  const found = tables.rows[0];
  if (found?.job)
    await tx.execute(sql`delete from pgboss.job where name = 'mail' and state <> 'active' and ${aboutThem(sql`data`)}`);
  if (found?.archive) await tx.execute(sql`delete from pgboss.archive where name = 'mail' and ${aboutThem(sql`data`)}`);
}

/**
 * POST /admin/users/{id}/erase (decision 066): deletes a learner's personal data on their, or their parent's,
 * request (DPDP Act 2023 s.12; the privacy page's promise). In one transaction, under the learner's row lock (which a
 * withdrawal request also takes): refused 400 for an operator's account, an account already erased, or a withdrawal
 * still waiting or being paid; 422 when `confirmEmail` is not the learner's email. Kept: the row's id, referral code,
 * roles and wallet sums, purchases, invoices and credit notes (their own buyer copy), the ledger, withdrawals and
 * their bank copies, levels, the audit log. Audited as `user.erase` with the reference and what the wallet gave up,
 * never the erased data. After the commit, followUpErasure deletes the profile photo's file, asks the provider about
 * each checkout it closed and rewrites the stored month-end balance snapshots; the transaction records those steps, so
 * that one that fails, or a crash before them, is done again by the 'erasure-follow-up' job.
 */
export async function eraseUser(
  ctx: AppContext,
  options: {
    actorId: number;
    id: number;
    reference: string;
    confirmEmail: string;
    /** Where a follow-up step that failed (to be tried again by the job) is reported: the request's logger. */
    log: { warn: (details: object, message: string) => void; error: (details: object, message: string) => void };
  },
): Promise<AdminUserDetail> {
  const { id } = options;
  await eraseRows(ctx, options).catch((error: unknown) => {
    // A unique index refusing a value the erasure writes (the placeholder address): nothing was erased, a 400 that
    // says so rather than a 500.
    if (isUniqueViolation(error)) throw AppError.badRequest(adminMessages.eraseConflict);
    throw error;
  });
  // What is left outside the database, done now; what fails is done again by the job (erasure-follow-up).
  await followUpErasure(ctx, { userId: id, log: options.log });
  return getUserDetail(ctx, id);
}

/** The erasure's transaction, with the record of what it leaves to do after the commit (followUpErasure). */
async function eraseRows(
  ctx: AppContext,
  options: { actorId: number; id: number; reference: string; confirmEmail: string },
): Promise<void> {
  const { id, actorId } = options;
  return ctx.db.transaction(async (tx) => {
    const user = await findUserRow(tx, id, { forUpdate: true });
    if (user.erasedAt) throw AppError.badRequest(adminMessages.alreadyErased);
    if (user.roles.includes('admin')) throw AppError.badRequest(adminMessages.eraseAdmin);
    if (options.confirmEmail.trim().toLowerCase() !== user.email.trim().toLowerCase())
      throw AppError.field('confirm_email', adminMessages.eraseConfirmWrong);
    const [pending] = await tx
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, id), isPendingWithdrawal))
      .limit(1);
    if (pending) throw AppError.badRequest(adminMessages.erasePendingWithdrawal);

    await dropQueuedMails(tx, user);
    // Credits whose refund window has ended are earned (the earnings register counts them so): released into the
    // wallet the erasure gives up. Those still held are cancelled below.
    const now = ctx.now();
    await releaseHeldCredits(tx, { userId: id, now });
    const [wallet] = await tx
      .select({ balancePaise: users.balancePaise, points: users.points })
      .from(users)
      .where(eq(users.id, id));

    const placeholder = erasedEmail(id);
    await tx
      .update(users)
      .set({
        // Read as 'Deleted learner' (adminMessages.deletedLearner) wherever the name is shown.
        firstName: 'Deleted',
        lastName: 'learner',
        email: placeholder,
        emailCanonical: placeholder,
        mobile: '',
        passwordHash: UNUSABLE_PASSWORD_HASH,
        dateOfBirth: null,
        genderId: null,
        maritalStatusId: null,
        countryId: null,
        city: null,
        state: null,
        address: null,
        landmark: null,
        pin: null,
        occupation: null,
        qualification: null,
        about: null,
        profilePhotoPath: null,
        emailVerifiedAt: null,
        syllabusId: null,
        standardId: null,
        isStandardPicked: false,
        signupIp: null,
        erasedAt: now,
        erasedBy: actorId,
        updatedAt: now,
      })
      .where(eq(users.id, id));
    // Sessions (the triggers of migration 0014 tell every API instance to drop the cached ones), codes, saved
    // answers, bank details, learning records and certificates (the public page then answers 404).
    await tx.delete(accessTokens).where(eq(accessTokens.userId, id));
    await tx.delete(emailOtps).where(eq(emailOtps.userId, id));
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, id));
    await tx.delete(bankDetails).where(eq(bankDetails.userId, id));
    await tx.delete(subjectProgress).where(eq(subjectProgress.userId, id));
    await tx.delete(quizAttemptGrants).where(eq(quizAttemptGrants.userId, id));
    await tx.delete(quizAttempts).where(eq(quizAttempts.userId, id));
    await tx.delete(certificates).where(eq(certificates.userId, id));
    // The guardian's consent keeps its status and dates (that it was asked, given, withdrawn), no name, contact or
    // answering browser; its link stops working (no token hashes to this).
    await tx
      .update(guardianConsents)
      .set({
        guardianName: '',
        guardianEmail: null,
        guardianMobile: null,
        tokenHash: sql`'erased:' || ${guardianConsents.id}`,
        answerIp: null,
        answerUserAgent: null,
      })
      .where(eq(guardianConsents.userId, id));
    await tx.update(referralSignups).set({ ip: '' }).where(eq(referralSignups.userId, id));
    // Credits still held go with the wallet: released later, they would sit in a wallet nobody can use.
    const held = await cancelHeldCredits(tx, { userId: id, now });
    // A checkout left open fails, as the reconciler fails an order left unpaid: a payment that still arrives for it is
    // given back ('order closed'), instead of invoicing a learner whose name and address are gone.
    const closedOrders = await tx
      .update(purchases)
      .set({ status: 'failed' })
      .where(and(eq(purchases.userId, id), eq(purchases.status, 'pending')))
      .returning({ purchaseId: purchases.id, orderId: purchases.providerOrderId, provider: purchases.provider });
    // The referrer's commissions on this learner's purchases named them ("10% commission on Asha Rao's purchase"):
    // the name goes, the rest stays (migration 0035 lets an erased buyer's name out of the append-only ledger).
    await tx.execute(sql`
      UPDATE ${walletTransactions} SET description = regexp_replace(description,
        '^([0-9.]+% commission on ).*(''s purchase)', ${`\\1${adminMessages.deletedLearner}\\2`})
      WHERE method = 'Referral Commission' AND user_id <> ${id}
        AND purchase_id IN (SELECT ${purchases.id} FROM ${purchases} WHERE ${purchases.userId} = ${id})`);

    await recordAudit(tx, ctx, {
      actorId,
      action: 'user.erase',
      entity: 'users',
      entityId: id,
      before: { erased_at: null },
      after: {
        reference: options.reference,
        erased_at: now.toISOString(),
        given_up: {
          balance: paiseToRupees(wallet?.balancePaise ?? user.balancePaise),
          points: wallet?.points ?? user.points,
          held: { balance: paiseToRupees(held.paise), points: held.points },
        },
      },
    });
    await tx.insert(erasureFollowUps).values({
      userId: id,
      photoKey: ownPhotoKey(user.profilePhotoPath),
      placeholderEmail: placeholder,
      closedOrders: closedOrders.flatMap(({ purchaseId, orderId, provider }) =>
        orderId && provider === ctx.payments.name ? [{ purchaseId, orderId }] : [],
      ),
      createdAt: now,
    });
  });
}
