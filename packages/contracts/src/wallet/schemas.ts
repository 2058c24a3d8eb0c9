import { z } from 'zod';
import { rupeesInput, wholeNumberInput } from '../common/amounts.ts';
import { pageNumberField, perPageField } from '../common/rules.ts';
import { walletMessages } from './messages.ts';
import { LEDGER_STATUSES } from './rules.ts';

/**
 * The points of a redeem: a JSON integer or a plain digit string, 1 to 1,000,000,000
 * (`wholeNumberInput`, shared with the admin counts). The web form uses this very schema.
 */
export const pointsInput = wholeNumberInput(walletMessages.pointRequired, walletMessages.pointInvalid, {
  min: 1,
  max: 1_000_000_000,
});

/**
 * A withdrawal amount: rupees as a JSON number or a plain decimal string, at most two decimals,
 * more than 0 and at most 1 crore (`rupeesInput`, shared with every admin rupee field). The web
 * form uses this very schema.
 */
export const withdrawAmountInput = rupeesInput(walletMessages.amountRequired, walletMessages.amountInvalid, {
  min: 0,
  isMinExcluded: true,
});

/** POST /redeem-point */
export const redeemPointBody = z.object({ point: pointsInput });
export type RedeemPointBody = z.input<typeof redeemPointBody>;

/** POST /withdraw: amount in rupees, two decimals at most. */
export const withdrawBody = z.object({ amount: withdrawAmountInput });
export type WithdrawBody = z.input<typeof withdrawBody>;

/** The wallet after a movement: POST /redeem-point and POST /withdraw. */
export const walletSummary = z.object({
  points: z.number(),
  /** Rupees. */
  balance: z.number(),
});
export type WalletSummary = z.infer<typeof walletSummary>;

/** GET /convert-value: rupees credited per point redeemed. */
export const convertValueData = z.object({ convert_value: z.number(), minimum_withdrawal: z.number() });

/** One ledger row (docs/product/wallet-and-withdrawals.md#wallet-page). */
export const walletTransaction = z.object({
  /** ISO 8601. */
  date_time: z.string(),
  method: z.string(),
  transaction_id: z.string(),
  /** What the "Amount / Point" column shows: the amount, the points, or both (a redeem). */
  kind: z.enum(['amount', 'point', 'both']),
  /** Signed rupees (a withdrawal is negative). */
  amount: z.number(),
  /** Signed points. */
  point: z.number(),
  status: z.enum(LEDGER_STATUSES),
  description: z.string(),
  /**
   * A held credit (commission, level reward) while Pending: when it becomes Done and enters the
   * wallet (ISO 8601, the end of the refund window of the purchase that earned it). Null otherwise.
   */
  available_at: z.string().nullable(),
  /** A paid withdrawal: the bank's reference for the transfer (UTR), as the operator entered it. Null otherwise. */
  bank_reference: z.string().nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

export const transactionsQuery = z.object({
  page: pageNumberField.default(1),
  per_page: perPageField.default(50),
});

/** GET /transactions: the wallet and a page of its ledger, newest first. */
export const transactionsData = z.object({
  points: z.number(),
  balance: z.number(),
  /**
   * Rupees the learner owes: what refunds could not take back because it had been withdrawn. Paid from the learner's
   * next earnings (and money coming back from a withdrawal) before any of it can be withdrawn; 0 almost always.
   */
  owed: z.number(),
  transactions: z.array(walletTransaction),
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});
export type TransactionsData = z.infer<typeof transactionsData>;
