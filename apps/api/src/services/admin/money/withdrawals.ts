import { and, count, desc, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  bankDetails,
  users,
  walletTransactions,
  withdrawalAccounts,
  withdrawalPayoutTakeovers,
  withdrawalPayouts,
  withdrawalReturns,
  type DbOrTx,
  type Tx,
} from '@app/db';
import {
  adminMessages,
  ledgerDescription,
  maskAccountLast4,
  maskAccountNumber,
  paiseToRupees,
  PAYOUT_TAKE_OVER_AFTER_MS,
  formatIndiaDateTime,
  type AdminWithdrawal,
  type LedgerStatus,
  type Page,
  type SettleBody,
  type SettleData,
  type WithdrawalSharing,
} from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { decryptText } from '../../../lib/crypto.ts';
import { recordAudit } from '../../audit/index.ts';
import { consentStatus } from '../../consent/index.ts';
import {
  currentPayout,
  debtsOf,
  owedPaiseOf,
  isPendingWithdrawal,
  lockPendingWithdrawal,
  lockWithdrawal,
  payingOperator,
  postEntry,
  recoverShortfalls,
  rejectWithdrawal,
} from '../../wallet/index.ts';
import { flushMailOutbox, sendWithdrawalMail } from '../../mail/index.ts';
import { pageOf } from '../page-of.ts';
import { userFilter } from './list-purchases.ts';
import { findSharing, withdrawalAccountHash } from './withdrawal-sharing.ts';

const isWithdrawal = eq(walletTransactions.method, 'Withdraw');
/** The operator who started paying a withdrawal, and the one paying it now (the last to take it over, or the same). */
const starter = alias(users, 'starter');
const payer = alias(users, 'payer');
/** A withdrawal's last take-over (withdrawal_payout_takeovers), if any. */
const lastTakeover = (id: SQL | typeof walletTransactions.id) =>
  sql`(SELECT max(${withdrawalPayoutTakeovers.id}) FROM ${withdrawalPayoutTakeovers} WHERE ${withdrawalPayoutTakeovers.walletTransactionId} = ${id})`;
/** The 'Withdraw Reversal' that gave back a withdrawal the bank returned, and the operator who recorded it. */
const returnReversal = alias(walletTransactions, 'return_reversal');
const returner = alias(users, 'returner');

/** Withdrawals (`where` narrows them) with their learner, the account and PAN asked with, payment and return. */
export function selectWithdrawals(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      entry: walletTransactions,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      referralCode: users.referralCode,
      /** The PAN given with the withdrawal; for one from before it was kept (migration 0024), the learner's now. */
      pan: sql<string | null>`coalesce(${withdrawalAccounts.panCard}, ${bankDetails.panCard})`,
      bank: withdrawalAccounts,
      payoutStartedAt: withdrawalPayouts.startedAt,
      starter: { id: starter.id, firstName: starter.firstName, lastName: starter.lastName, email: starter.email },
      takenOverAt: withdrawalPayoutTakeovers.takenAt,
      returned: {
        reason: withdrawalReturns.reason,
        at: withdrawalReturns.returnedAt,
        reversalTransactionId: returnReversal.transactionId,
      },
      returnedBy: { firstName: returner.firstName, lastName: returner.lastName },
      payer: { id: payer.id, firstName: payer.firstName, lastName: payer.lastName, email: payer.email },
    })
    .from(walletTransactions)
    .innerJoin(users, eq(users.id, walletTransactions.userId))
    .leftJoin(bankDetails, eq(bankDetails.userId, walletTransactions.userId))
    .leftJoin(withdrawalAccounts, eq(withdrawalAccounts.walletTransactionId, walletTransactions.id))
    .leftJoin(withdrawalPayouts, eq(withdrawalPayouts.walletTransactionId, walletTransactions.id))
    .leftJoin(starter, eq(starter.id, withdrawalPayouts.startedBy))
    .leftJoin(withdrawalPayoutTakeovers, eq(withdrawalPayoutTakeovers.id, lastTakeover(walletTransactions.id)))
    .leftJoin(payer, eq(payer.id, sql`coalesce(${withdrawalPayoutTakeovers.takenBy}, ${withdrawalPayouts.startedBy})`))
    .leftJoin(withdrawalReturns, eq(withdrawalReturns.walletTransactionId, walletTransactions.id))
    .leftJoin(returnReversal, eq(returnReversal.id, withdrawalReturns.reversalId))
    .leftJoin(returner, eq(returner.id, withdrawalReturns.returnedBy))
    .where(and(isWithdrawal, where));
}
export type WithdrawalRow = Awaited<ReturnType<typeof selectWithdrawals>>[number];

/** The account number in full (the operator pays to it) or masked; a fixed mask if it cannot be decrypted. */
function accountNumber(ctx: AppContext, bank: NonNullable<WithdrawalRow['bank']>, isFull: boolean): string {
  try {
    const plain = decryptText(ctx.env.APP_SECRET, bank.accountNumberEncrypted);
    return isFull ? plain : maskAccountNumber(plain);
  } catch {
    return maskAccountLast4(bank.accountLast4);
  }
}

const personOf = (person: { id: number; firstName: string; lastName: string; email: string }) => ({
  id: person.id,
  name: `${person.firstName} ${person.lastName}`,
  email: person.email,
});

function toAdminWithdrawal(
  ctx: AppContext,
  row: WithdrawalRow,
  sharing: WithdrawalSharing,
  /** What the learner owes (debtsOf). */
  owedPaise: number,
  options: { isFullAccount?: boolean } = {},
): AdminWithdrawal {
  const { entry, bank } = row;
  const amountPaise = -entry.amountPaise;
  const payingSince = row.takenOverAt ?? row.payoutStartedAt;
  return {
    id: entry.id,
    transaction_id: entry.transactionId,
    user: { id: entry.userId, name: `${row.firstName} ${row.lastName}`, email: row.email },
    amount: paiseToRupees(amountPaise),
    status: entry.status as LedgerStatus,
    description: entry.description,
    bank_reference: entry.bankReference,
    created_at: entry.createdAt.toISOString(),
    settled_at: entry.settledAt?.toISOString() ?? null,
    bank: bank
      ? {
          full_name: bank.fullName,
          bank_name: bank.bankName,
          bank_branch: bank.bankBranch,
          account_number: accountNumber(ctx, bank, options.isFullAccount ?? false),
          ifsc_code: bank.ifscCode,
        }
      : null,
    payout:
      row.payoutStartedAt && row.starter && row.payer && payingSince
        ? {
            started_at: row.payoutStartedAt.toISOString(),
            started_by: personOf(row.starter),
            paid_by: personOf(row.payer),
            taken_over_at: row.takenOverAt?.toISOString() ?? null,
            take_over_after: new Date(payingSince.getTime() + PAYOUT_TAKE_OVER_AFTER_MS).toISOString(),
            can_take_over: ctx.now().getTime() >= payingSince.getTime() + PAYOUT_TAKE_OVER_AFTER_MS,
          }
        : null,
    returned:
      row.returned?.reason && row.returned.at && row.returned.reversalTransactionId
        ? {
            reason: row.returned.reason,
            returned_at: row.returned.at.toISOString(),
            reversal_transaction_id: row.returned.reversalTransactionId,
          }
        : null,
    shared_with: sharing,
    // Money coming back from it pays what the learner owes first (decision 068).
    debt: {
      owed: paiseToRupees(owedPaise),
      from_this: paiseToRupees(Math.min(amountPaise, owedPaise)),
    },
  };
}

/** The rows as the console shows them, with the users who share each one's account or PAN (one query for all). */
async function toAdminWithdrawals(
  ctx: AppContext,
  db: DbOrTx,
  rows: WithdrawalRow[],
  options: { isFullAccount?: boolean } = {},
): Promise<AdminWithdrawal[]> {
  const debts = await debtsOf(
    db,
    rows.map((row) => row.entry.userId),
  );
  const sharing = await findSharing(
    ctx,
    db,
    rows.map((row) => ({
      withdrawalId: row.entry.id,
      userId: row.entry.userId,
      accountHash: row.bank ? withdrawalAccountHash(ctx, row.bank) : null,
      // The PAN given with the withdrawal: changing it afterwards does not hide a PAN other accounts share.
      pan: row.pan,
    })),
  );
  return rows.map((row) =>
    toAdminWithdrawal(ctx, row, sharing.get(row.entry.id)!, owedPaiseOf(debts.get(row.entry.userId) ?? []), options),
  );
}

async function findWithdrawal(
  ctx: AppContext,
  db: DbOrTx,
  id: number,
  options: { isFullAccount?: boolean } = {},
): Promise<AdminWithdrawal> {
  const [row] = await selectWithdrawals(db, eq(walletTransactions.id, id));
  if (!row) throw AppError.notFound(adminMessages.withdrawalNotFound);
  const [withdrawal] = await toAdminWithdrawals(ctx, db, [row], options);
  return withdrawal!;
}

/**
 * GET /admin/withdrawals?status=Pending: oldest first for Pending (the queue), newest first otherwise. Each row
 * carries the other users who share its account or PAN (findSharing: one query for the page).
 */
export async function listWithdrawals(
  ctx: AppContext,
  options: { status?: LedgerStatus | undefined; user?: string | undefined; page: number; perPage: number },
): Promise<Page<AdminWithdrawal>> {
  const where = and(
    options.status ? eq(walletTransactions.status, options.status) : undefined,
    userFilter(options.user),
  );
  const order =
    options.status === 'Pending'
      ? [walletTransactions.createdAt, walletTransactions.id]
      : [desc(walletTransactions.createdAt), desc(walletTransactions.id)];
  const [[total], rows] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(walletTransactions)
      .innerJoin(users, eq(users.id, walletTransactions.userId))
      .where(and(isWithdrawal, where)),
    selectWithdrawals(ctx.db, where)
      .orderBy(...order)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
  ]);
  return pageOf(await toAdminWithdrawals(ctx, ctx.db, rows), total?.n ?? 0, options);
}

/**
 * GET /admin/withdrawals/{id}: with the full account number to pay to (the look is audited), and the other users who
 * use the same account or PAN.
 */
export async function getWithdrawal(
  ctx: AppContext,
  options: { actorId: number; id: number },
): Promise<AdminWithdrawal> {
  const withdrawal = await findWithdrawal(ctx, ctx.db, options.id, { isFullAccount: true });
  if (withdrawal.bank) {
    await recordAudit(ctx.db, ctx, {
      actorId: options.actorId,
      action: 'bank_details.view',
      entity: 'bank_details',
      entityId: withdrawal.user.id,
      after: { withdrawal_id: withdrawal.id },
    });
  }
  return withdrawal;
}

/**
 * POST /admin/withdrawals/{id}/payout: the operator starts paying a Pending withdrawal, and gets the account to pay
 * (in full; the look is audited, as GET's). From then on the withdrawal is theirs to settle: a guardian's withdrawal
 * of consent and a refund's take-back leave it alone, and another operator can neither start paying it (400, so
 * their dialog never shows the account to pay twice) nor settle it, since the transfer may be on its way (before,
 * a rejection gave the money back to a wallet that was then paid as well, and a second Done paid it twice). A minor's
 * guardian's consent must be in force when payment starts (400 otherwise, before any money moves). Starting again
 * (the dialog opened twice) changes nothing.
 */
export async function startPayout(ctx: AppContext, options: { actorId: number; id: number }): Promise<AdminWithdrawal> {
  const { actorId, id } = options;
  await findWithdrawal(ctx, ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const withdrawal = await lockForDecision(tx, id);
    const payer = await payingOperator(tx, id);
    if (payer === actorId) return;
    // A second operator paying it too would send the money twice: only the one paying sees the account to pay.
    if (payer !== null) throw AppError.badRequest(adminMessages.withdrawalBeingPaid);
    if (!(await consentStatus(ctx, tx, { userId: withdrawal.userId })).allowed)
      throw AppError.badRequest(adminMessages.withdrawalNeedsConsent);
    await tx.insert(withdrawalPayouts).values({ walletTransactionId: id, startedBy: actorId, startedAt: ctx.now() });
    await recordAudit(tx, ctx, {
      actorId,
      action: 'withdrawal.payout_started',
      entity: 'wallet_transactions',
      entityId: id,
      after: { user_id: withdrawal.userId },
    });
  });
  return getWithdrawal(ctx, options);
}

/**
 * POST /admin/withdrawals/{id}/takeover: another operator takes over paying a withdrawal whose payer is away (ill, left).
 * Only after the payer has held it for PAYOUT_TAKE_OVER_AFTER_MS (400 before: their transfer may still be on its
 * way, and a day is enough for it to show on the bank statement) and only when the operator confirms that they
 * checked the statement and that transfer did not go out (`bank_statement_checked`, 422 without it, in the body's
 * schema). From then on they pay it: the one they took it from can no longer settle it (400), as any other operator.
 * Audited with both operators. Answers the withdrawal with the account to pay to, in full (an audited look, as
 * startPayout's). Of two taking over at once, the one who locks the withdrawal second finds it just taken over (400).
 */
export async function takeOverPayout(
  ctx: AppContext,
  options: { actorId: number; id: number },
): Promise<AdminWithdrawal> {
  const { actorId, id } = options;
  await findWithdrawal(ctx, ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const withdrawal = await lockForDecision(tx, id);
    const payout = await currentPayout(tx, id);
    if (!payout) throw AppError.badRequest(adminMessages.takeOverNotStarted);
    if (payout.payerId === actorId) throw AppError.badRequest(adminMessages.takeOverOwn);
    const now = ctx.now();
    const after = new Date(payout.since.getTime() + PAYOUT_TAKE_OVER_AFTER_MS);
    if (now < after) {
      const [from] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, payout.payerId));
      throw AppError.badRequest(
        adminMessages.takeOverTooSoon(
          from ? `${from.firstName} ${from.lastName}` : 'The operator',
          formatIndiaDateTime(after),
        ),
      );
    }
    await tx
      .insert(withdrawalPayoutTakeovers)
      .values({ walletTransactionId: id, takenBy: actorId, takenFrom: payout.payerId, takenAt: now });
    await recordAudit(tx, ctx, {
      actorId,
      action: 'withdrawal.payout_taken_over',
      entity: 'wallet_transactions',
      entityId: id,
      before: { paid_by: payout.payerId, since: payout.since.toISOString() },
      after: { paid_by: actorId, taken_from: payout.payerId, user_id: withdrawal.userId, bank_statement_checked: true },
    });
  });
  return getWithdrawal(ctx, options);
}

/** Locks a withdrawal while it is Pending (400 'Already settled' otherwise), for a decision on it. */
async function lockForDecision(tx: Tx, id: number): Promise<{ userId: number }> {
  const pending = await lockPendingWithdrawal(tx, id);
  if (!pending) throw AppError.badRequest(adminMessages.alreadySettled);
  return pending;
}

/**
 * POST /admin/withdrawals/{id}/settle: Done with the bank reference, or Rejected with a reason and
 * the amount given back by a 'Withdraw Reversal' ledger entry (rejectWithdrawal). Exactly once: the conditional
 * UPDATE … WHERE status = 'Pending' decides, so of two operators clicking at the same time one
 * settles and the other gets 400 'Already settled'. The reversal and the audit row commit with it.
 * A minor's withdrawal is paid only while their guardian's consent is in force (a guardian who withdraws it
 * rejects their pending withdrawals; this covers a date of birth corrected to a minor's since the request); once an
 * operator has started paying (startPayout, which checked consent then), Done stands, and only that operator may
 * settle it.
 */
export async function settleWithdrawal(
  ctx: AppContext,
  options: { actorId: number; id: number; input: SettleBody },
): Promise<SettleData> {
  const { id, input } = options;
  const before = await findWithdrawal(ctx, ctx.db, id);
  const settled = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    let reversalTransactionId: string | null = null;
    let recoveredPaise = 0;
    await lockForDecision(tx, id);
    const payout = await currentPayout(tx, id);
    const payer = payout?.payerId ?? null;
    // The transfer may be on its way from the operator paying: nobody else pays it again (Done) or gives it back.
    if (payer !== null && payer !== options.actorId) throw AppError.badRequest(adminMessages.withdrawalBeingPaid);
    if (input.status === 'Rejected') {
      const rejected = await rejectWithdrawal(tx, { id, reason: input.reason, now });
      if (!rejected) throw AppError.badRequest(adminMessages.alreadySettled);
      reversalTransactionId = rejected.reversalTransactionId;
      recoveredPaise = rejected.recoveredPaise;
    } else {
      // One transfer pays one learner: a reference pasted from another learner's payment (a stale page) would tell
      // this learner they were paid and put one transfer twice in the payouts register. The same learner's two
      // withdrawals paid by one transfer keep it.
      const [usedFor] = await tx
        .select({ id: walletTransactions.id })
        .from(walletTransactions)
        .where(
          and(
            sql`lower(${walletTransactions.bankReference}) = lower(${input.bank_reference})`,
            isNotNull(walletTransactions.bankReference),
            ne(walletTransactions.userId, before.user.id),
            eq(walletTransactions.status, 'Done'),
          ),
        )
        .limit(1);
      if (usedFor) throw AppError.field('bank_reference', adminMessages.bankReferenceUsed);
      const [paid] = await tx
        .update(walletTransactions)
        .set({ status: 'Done', settledAt: now, bankReference: input.bank_reference })
        .where(and(eq(walletTransactions.id, id), isPendingWithdrawal))
        .returning({ id: walletTransactions.id });
      if (!paid) throw AppError.badRequest(adminMessages.alreadySettled);
      // A guardian who withdrew consent before this rejected the withdrawal (the update above found nothing); this
      // catches a learner who is a minor without consent for another reason (a date of birth corrected since). A
      // payout started while consent was in force stands: the money may already have left. One taken over is paid
      // by the new payer's transfer, made after the take-over (the first one did not go out): checked as a start.
      if (
        (payout === null || payout.isTakenOver) &&
        !(await consentStatus(ctx, tx, { userId: before.user.id })).allowed
      )
        throw AppError.badRequest(adminMessages.withdrawalNeedsConsent);
    }
    const after = await findWithdrawal(ctx, tx, id);
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'withdrawal.settle',
      entity: 'wallet_transactions',
      entityId: id,
      before,
      after: {
        ...after,
        ...(input.status === 'Rejected'
          ? {
              reason: input.reason,
              reversal_transaction_id: reversalTransactionId,
              shortfall_recovered: paiseToRupees(recoveredPaise),
            }
          : {}),
      },
    });
    // The learner hears of it by mail (bank reference, or reason and refund), written with the settling.
    await sendWithdrawalMail(ctx, {
      withdrawalId: id,
      reason: input.status === 'Rejected' ? input.reason : null,
      recoveredPaise,
      within: tx,
    });
    return { withdrawal: after, reversal_transaction_id: reversalTransactionId };
  });
  await flushMailOutbox(ctx);
  return settled;
}

/**
 * POST /admin/withdrawals/{id}/returned: a withdrawal marked Done that the bank sent back (a closed account, a name
 * that did not match). Its amount goes back to the wallet with a 'Withdraw Reversal', once (withdrawal_returns); the
 * withdrawal stays Done with its bank reference (the ledger is append-only), the list shows it returned, the learner
 * is told by mail with the reason, and the audit log has it. 400 for a withdrawal not Done or already returned; 422 when
 * `bank_reference` is not the one it was marked Done with (case and spaces aside): the operator has the wrong row or
 * the wrong transfer, and giving this one back would pay the learner twice.
 */
export async function returnWithdrawal(
  ctx: AppContext,
  options: { actorId: number; id: number; reason: string; bank_reference: string },
): Promise<SettleData> {
  const { actorId, id, reason } = options;
  const before = await findWithdrawal(ctx, ctx.db, id);
  const settled = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const paid = await lockWithdrawal(tx, id, 'Done');
    if (!paid) throw AppError.badRequest(adminMessages.notPaidOut);
    const [earlier] = await tx
      .select({ id: withdrawalReturns.walletTransactionId })
      .from(withdrawalReturns)
      .where(eq(withdrawalReturns.walletTransactionId, id));
    if (earlier) throw AppError.badRequest(adminMessages.alreadyReturned);
    const sameReference = (a: string | null) => a?.trim().toLowerCase() === options.bank_reference.trim().toLowerCase();
    if (!sameReference(before.bank_reference))
      throw AppError.field('bank_reference', adminMessages.returnedReferenceWrong);
    const reversal = await postEntry(tx, {
      userId: before.user.id,
      method: 'Withdraw Reversal',
      amountPaise: -paid.amountPaise,
      points: 0,
      status: 'Done',
      description: ledgerDescription('withdrawalReturned', { id: paid.transactionId, reason }),
      at: now,
    });
    await tx.insert(withdrawalReturns).values({
      walletTransactionId: id,
      reversalId: sql`(SELECT ${walletTransactions.id} FROM ${walletTransactions} WHERE ${walletTransactions.transactionId} = ${reversal.transactionId})`,
      reason,
      returnedBy: actorId,
      returnedAt: now,
    });
    const recovered = await recoverShortfalls(tx, {
      userId: before.user.id,
      paise: -paid.amountPaise,
      withdrawal: paid,
      at: now,
    });
    const after = await findWithdrawal(ctx, tx, id);
    await recordAudit(tx, ctx, {
      actorId,
      action: 'withdrawal.returned',
      entity: 'wallet_transactions',
      entityId: id,
      before,
      after: {
        ...after,
        reason,
        reversal_transaction_id: reversal.transactionId,
        shortfall_recovered: paiseToRupees(recovered),
      },
    });
    await sendWithdrawalMail(ctx, {
      withdrawalId: id,
      reason,
      returned: true,
      recoveredPaise: recovered,
      within: tx,
    });
    return { withdrawal: after, reversal_transaction_id: reversal.transactionId };
  });
  await flushMailOutbox(ctx);
  return settled;
}
