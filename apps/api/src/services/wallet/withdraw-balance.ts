import { eq, sql } from 'drizzle-orm';
import { bankDetails, users, walletTransactions, withdrawalAccounts, type Tx } from '@app/db';
import {
  formatInr,
  ledgerDescription,
  messages,
  paiseToRupees,
  rupeesToPaise,
  walletMessages,
  type WalletSummary,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { getSetting } from '../settings/index.ts';
import { releaseHeldCredits } from './held-credits.ts';
import { postEntry } from './post-entry.ts';
import { payDebtsFromEarnings } from './recover-shortfalls.ts';

/**
 * POST /withdraw: needs bank details (400 'Please fill account details'), at least the minimum,
 * at most the balance (held credits not yet released are not in it; what the learner owes is paid from it first). The amount is held at once as a Pending 'Withdraw' entry; an operator
 * later marks it Done, or Rejected with a 'Withdraw Reversal' giving it back. The bank account is copied with it
 * (withdrawal_accounts, with its hash: the console shows who else uses it): the operator pays that account, whatever
 * the bank details say by then.
 */
export async function withdrawBalance(
  tx: Tx,
  ctx: AppContext,
  options: { userId: number; amountRupees: number },
): Promise<WalletSummary> {
  const { userId } = options;
  await releaseHeldCredits(tx, { userId, now: ctx.now() });
  // What the learner owes is paid from the wallet before anything leaves it (decision 068).
  await payDebtsFromEarnings(tx, { userId, at: ctx.now() });
  const amountPaise = rupeesToPaise(options.amountRupees);
  const [bank] = await tx
    .select({ bankName: bankDetails.bankName, last4: bankDetails.accountLast4 })
    .from(bankDetails)
    .where(eq(bankDetails.userId, userId));
  if (!bank) throw AppError.badRequest(messages.fillAccountDetails);

  const minimumPaise = Math.floor(await getSetting(tx, 'minimum_withdrawal_paise'));
  if (amountPaise < minimumPaise) {
    throw AppError.field('amount', walletMessages.amountBelowMinimum(formatInr(paiseToRupees(minimumPaise))));
  }
  const [user] = await tx.select({ balancePaise: users.balancePaise }).from(users).where(eq(users.id, userId));
  if (!user || amountPaise > user.balancePaise) throw AppError.field('amount', walletMessages.amountAboveBalance);

  // The balance read above may be stale under concurrency; the guarded update in postEntry decides.
  const entry = await postEntry(tx, {
    userId,
    method: 'Withdraw',
    amountPaise: -amountPaise,
    points: 0,
    status: 'Pending',
    description: ledgerDescription('withdrawalTo', { bank: bank.bankName, last4: bank.last4 }),
    at: ctx.now(),
  });
  await tx.execute(sql`
    INSERT INTO ${withdrawalAccounts}
      (wallet_transaction_id, full_name, bank_name, bank_branch, account_number_encrypted, account_last4,
       account_number_hash, ifsc_code, pan_card)
    SELECT w.id, b.full_name, b.bank_name, b.bank_branch, b.account_number_encrypted, b.account_last4,
      b.account_number_hash, b.ifsc_code, b.pan_card
    FROM ${walletTransactions} w JOIN ${bankDetails} b ON b.user_id = w.user_id
    WHERE w.transaction_id = ${entry.transactionId}`);
  return { points: entry.points, balance: paiseToRupees(entry.balancePaise) };
}
