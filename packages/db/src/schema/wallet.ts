import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { purchases } from './purchases.ts';

/**
 * Append-only wallet ledger. Rows are never deleted; only a Pending withdrawal's status may change
 * (a trigger in the migrations enforces it). users.balance_paise and users.points are its running sums.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Public id shown to the learner. */
    transactionId: text('transaction_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Referral Commission | Level Reward | Point Redeem | Withdraw | Quiz Points | Withdraw Reversal | Commission Reversal */
    method: text('method').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull().default(0),
    points: integer('points').notNull().default(0),
    /** Done | Pending | Rejected */
    status: text('status').notNull().default('Done'),
    description: text('description').notNull().default(''),
    purchaseId: integer('purchase_id').references(() => purchases.id),
    /** A withdrawal's bank reference once settled. */
    bankReference: text('bank_reference'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * A held credit (commission, level reward) becomes Done, and enters the wallet, at this time:
     * the end of the refund window of the purchase that earned it (held longer, never shorter, while it is Pending:
     * a level reward whose counted sub-user stays active only through a later purchase). Null for everything else.
     */
    availableAt: timestamp('available_at', { withTimezone: true }),
    /**
     * What a take-back could not recover because the money had left the wallet (withdrawn), positive; a recovery of
     * it later (money coming back from a withdrawal, or later earnings: decision 068), negative. Their sum per user and
     * method is what is still owed.
     */
    shortfallPaise: bigint('shortfall_paise', { mode: 'number' }).notNull().default(0),
    /**
     * A recovery's withdrawal (negative shortfall_paise): the one whose money came back and paid it. Null on
     * everything else: recoveries from later earnings (decision 068) and from before migration 0031.
     */
    recoveredFromId: integer('recovered_from_id').references((): AnyPgColumn => walletTransactions.id),
    /** A level reward's share taken back (decision 075): the Level Reward it is a share of. Null on everything else. */
    reversesId: integer('reverses_id').references((): AnyPgColumn => walletTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // In the order of GET /transactions' page (newest first, id breaking ties): a page reads its rows
    // from the index instead of sorting the learner's whole ledger (NULLS FIRST is DESC's default order,
    // which the query's ORDER BY uses: the planner matches it exactly).
    index('wallet_transactions_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // One commission, one level reward and one of each reversal per purchase; Quiz Points come once per subject.
    uniqueIndex('wallet_transactions_one_commission')
      .on(t.purchaseId, t.method)
      .where(sql`${t.purchaseId} IS NOT NULL AND ${t.method} <> 'Quiz Points'`),
    index('wallet_transactions_held_idx')
      .on(t.availableAt)
      .where(sql`${t.status} = 'Pending' AND ${t.availableAt} IS NOT NULL`),
    index('wallet_transactions_purchase_idx')
      .on(t.purchaseId)
      .where(sql`${t.purchaseId} IS NOT NULL`),
    index('wallet_transactions_reverses_idx')
      .on(t.reversesId)
      .where(sql`${t.reversesId} IS NOT NULL`),
    // A bank reference already recorded for another learner's paid withdrawal is refused (decision 042).
    index('wallet_transactions_bank_reference_idx')
      .on(sql`lower(${t.bankReference})`)
      .where(sql`${t.bankReference} IS NOT NULL`),
    // What a learner owes (their shortfall rows), read by the wallet page's statement and before money leaves.
    index('wallet_transactions_debts_idx')
      .on(t.userId)
      .where(sql`${t.shortfallPaise} <> 0`),
    check('wallet_transactions_status', sql`${t.status} IN ('Done','Pending','Rejected')`),
    check('wallet_transactions_recovered_from', sql`${t.recoveredFromId} IS NULL OR ${t.shortfallPaise} < 0`),
  ],
);

/**
 * The bank account a withdrawal is to be paid to, copied from the learner's bank details when they ask for it: the
 * operator pays this account, the ledger's description and the learner's mails name it, and a later change of the
 * learner's bank details (theirs, or someone's holding their session) does not move money already asked for.
 */
export const withdrawalAccounts = pgTable(
  'withdrawal_accounts',
  {
    walletTransactionId: integer('wallet_transaction_id')
      .primaryKey()
      .references(() => walletTransactions.id),
    fullName: text('full_name').notNull(),
    bankName: text('bank_name').notNull(),
    bankBranch: text('bank_branch').notNull(),
    /** AES-256-GCM under APP_SECRET, as in bank_details. */
    accountNumberEncrypted: text('account_number_encrypted').notNull(),
    accountLast4: text('account_last4').notNull(),
    /**
     * bank_details.account_number_hash copied with the account: the operator sees which other users have been paid,
     * or asked to be paid, to the same account (decision 043). Null only for some rows from before migration 0023
     * (the learner changed their bank details after asking): those are hashed when read.
     */
    accountNumberHash: text('account_number_hash'),
    ifscCode: text('ifsc_code').notNull(),
    /**
     * The learner's PAN when they asked (bank_details.pan_card, copied with the account): the payouts register names
     * the PAN a payment went to, and the console's shared-PAN flag holds after the learner changes it. Null only for
     * rows from before migration 0024 whose learner had no bank details left to copy it from.
     */
    panCard: text('pan_card'),
  },
  (t) => [
    index('withdrawal_accounts_account_hash_idx').on(t.accountNumberHash),
    // Other withdrawals asked with a PAN (the console's shared-PAN flag: decision 043).
    index('withdrawal_accounts_pan_idx').on(t.panCard),
    // The few rows from before the hash was kept, found without reading the table (they are decrypted to match).
    index('withdrawal_accounts_hash_missing_idx')
      .on(t.walletTransactionId)
      .where(sql`${t.accountNumberHash} IS NULL`),
    // Every row written since has its hash (the migration adds it NOT VALID: the old rows are not checked).
    check('withdrawal_accounts_hash_kept', sql`${t.accountNumberHash} IS NOT NULL`),
  ],
);

/**
 * A withdrawal an operator has started paying (opened its account to make the transfer): from then on neither a
 * guardian's withdrawal of consent nor another operator may reject it, since the money may already be on its way;
 * only the operator who started may, and Done needs no new consent check. One row per withdrawal, never changed.
 */
export const withdrawalPayouts = pgTable('withdrawal_payouts', {
  walletTransactionId: integer('wallet_transaction_id')
    .primaryKey()
    .references(() => walletTransactions.id),
  startedBy: integer('started_by')
    .notNull()
    .references(() => users.id),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
});

/**
 * An operator took over paying a withdrawal whose payer was away (decision 054): after the payer had held it for
 * PAYOUT_TAKE_OVER_AFTER_MS, and having checked on the bank statement that the payer's transfer did not go out. The
 * latest row's `taken_by` pays it from then on (the start's `started_by` until there is one). Never changed.
 */
export const withdrawalPayoutTakeovers = pgTable(
  'withdrawal_payout_takeovers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    walletTransactionId: integer('wallet_transaction_id')
      .notNull()
      .references(() => walletTransactions.id),
    takenBy: integer('taken_by')
      .notNull()
      .references(() => users.id),
    /** The operator who was paying it until then. */
    takenFrom: integer('taken_from')
      .notNull()
      .references(() => users.id),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('withdrawal_payout_takeovers_withdrawal_idx').on(t.walletTransactionId, t.id)],
);

/**
 * A paid withdrawal the bank sent back (a closed account, a wrong name): its amount went back to the wallet with a
 * 'Withdraw Reversal'. One row per withdrawal, so it is given back once; never changed.
 */
export const withdrawalReturns = pgTable('withdrawal_returns', {
  walletTransactionId: integer('wallet_transaction_id')
    .primaryKey()
    .references(() => walletTransactions.id),
  reversalId: integer('reversal_id')
    .notNull()
    .references(() => walletTransactions.id),
  reason: text('reason').notNull(),
  returnedBy: integer('returned_by')
    .notNull()
    .references(() => users.id),
  returnedAt: timestamp('returned_at', { withTimezone: true }).notNull(),
});
