import { and, eq, sql } from 'drizzle-orm';
import { LEDGER_PART_SEPARATOR, ledgerDescription, paiseToRupees } from '@app/contracts';
import { walletTransactions, type DbOrTx, type Tx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { sendWithdrawalMail, type WithdrawalRejectedReason } from '../mail/index.ts';
import { isPendingWithdrawal, lockPendingWithdrawal, payingOperator } from './pending-withdrawal.ts';
import { postEntry } from './post-entry.ts';
import { recoverShortfalls } from './recover-shortfalls.ts';

/**
 * Rejects a Pending withdrawal and gives its amount back with a 'Withdraw Reversal' (less what a refund could not take
 * back earlier: recoverShortfalls), once: the conditional UPDATE
 * decides, so of two settlings at the same time one wins and the other gets null. The reason is added to the
 * withdrawal's description and named in the reversal's. Call it inside the transaction of the change.
 *
 * `unlessBeingPaid`: a rejection nobody at the bank decided (a guardian's withdrawal of consent, a refund taking
 * money back) leaves alone a withdrawal an operator has started paying (withdrawal_payouts), and answers null. The
 * row is locked first (lockPendingWithdrawal) and the payout read after, so a start of payment committed meanwhile
 * is seen.
 */
export async function rejectWithdrawal(
  tx: DbOrTx,
  options: { id: number; reason: string; now: Date; unlessBeingPaid?: boolean },
): Promise<{ userId: number; reversalTransactionId: string; backPaise: number; recoveredPaise: number } | null> {
  const { id, reason, now } = options;
  if (!(await lockPendingWithdrawal(tx, id))) return null;
  if (options.unlessBeingPaid && (await payingOperator(tx, id)) !== null) return null;
  const [rejected] = await tx
    .update(walletTransactions)
    .set({
      status: 'Rejected',
      settledAt: now,
      description: sql`left(${walletTransactions.description} || ${LEDGER_PART_SEPARATOR + ledgerDescription('rejectedBecause', { reason })}, 1000)`,
    })
    .where(and(eq(walletTransactions.id, id), isPendingWithdrawal))
    .returning();
  if (!rejected) return null;
  const reversal = await postEntry(tx, {
    userId: rejected.userId,
    method: 'Withdraw Reversal',
    amountPaise: -rejected.amountPaise,
    points: 0,
    status: 'Done',
    description: ledgerDescription('withdrawalRejected', { id: rejected.transactionId, reason }),
    at: now,
  });
  const recoveredPaise = await recoverShortfalls(tx, {
    userId: rejected.userId,
    paise: -rejected.amountPaise,
    withdrawal: rejected,
    at: now,
  });
  return {
    userId: rejected.userId,
    reversalTransactionId: reversal.transactionId,
    backPaise: -rejected.amountPaise - recoveredPaise,
    recoveredPaise,
  };
}

/**
 * A rejection nobody at the bank decided (a guardian's withdrawal of consent, a refund's take-back): the withdrawal is
 * rejected unless an operator has started paying it, audited as `action` (with `audit` added), and the learner told
 * by mail in their language (`mailReason`). The paise it gave back to the wallet (its amount, less what paid an
 * earlier debt: recoverShortfalls) when it was rejected, else null.
 */
export async function stopWithdrawal(
  tx: Tx,
  ctx: AppContext,
  options: {
    id: number;
    reason: string;
    mailReason: Exclude<WithdrawalRejectedReason, string | null>;
    action: string;
    audit?: Record<string, unknown>;
    now: Date;
  },
): Promise<number | null> {
  const { id } = options;
  const rejected = await rejectWithdrawal(tx, { id, reason: options.reason, now: options.now, unlessBeingPaid: true });
  if (!rejected) return null;
  await recordAudit(tx, ctx, {
    actorId: null,
    action: options.action,
    entity: 'wallet_transactions',
    entityId: id,
    before: { status: 'Pending' },
    after: {
      status: 'Rejected',
      ...options.audit,
      reversal_transaction_id: rejected.reversalTransactionId,
      shortfall_recovered: paiseToRupees(rejected.recoveredPaise),
    },
  });
  await sendWithdrawalMail(ctx, {
    withdrawalId: id,
    reason: options.mailReason,
    recoveredPaise: rejected.recoveredPaise,
    within: tx,
  });
  return rejected.backPaise;
}
