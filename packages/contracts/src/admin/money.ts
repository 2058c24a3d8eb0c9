import { z } from 'zod';
import { LEDGER_STATUSES } from '../wallet/rules.ts';
import { adminMessages, namedText, pageQuery, personRef } from './common.ts';

export const PURCHASE_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;

/** GET /admin/purchases?status=&user=&page=: user is a user id, or part of an email, or a referral code. */
export const purchasesQuery = pageQuery.extend({
  status: z.enum(PURCHASE_STATUSES, { error: "status must be 'pending', 'paid', 'failed' or 'refunded'." }).optional(),
  user: z.string().trim().max(191).optional(),
});

export const adminPurchase = z.object({
  id: z.number(),
  user: personRef,
  item: z.object({ type: z.enum(['course', 'batch']), id: z.number(), name: z.string() }),
  /** Rupees: the offer price, the discount and what was charged. */
  price: z.number(),
  discount: z.number(),
  amount: z.number(),
  currency: z.string(),
  /** The payment status: pending, paid, failed or refunded. */
  status: z.enum(PURCHASE_STATUSES),
  provider: z.string(),
  order_id: z.string().nullable(),
  payment_id: z.string().nullable(),
  offer_code: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** The GST tax invoice's and the credit note's numbers (PDFs: GET /admin/invoices/{id}/pdf, …/credit-note/pdf). */
  invoice_number: z.string().nullable(),
  credit_note_number: z.string().nullable(),
  /**
   * A dispute (chargeback) open at the provider on the purchase's payment: its id; null when none. While it is open the
   * console's Refund is refused: the operator accepts the dispute in Razorpay's dashboard instead.
   */
  open_dispute_id: z.string().nullable(),
});
export type AdminPurchase = z.infer<typeof adminPurchase>;

/** POST /admin/purchases/{id}/refund */
export const refundData = z.object({
  purchase: adminPurchase,
  /** The provider's refund id; null for a free purchase (nothing to give back). */
  refund_id: z.string().nullable(),
  /** Rupees taken back from the referrer, and what their balance could not cover. */
  commission_reversed: z.number(),
  commission_shortfall: z.number(),
});
export type RefundData = z.infer<typeof refundData>;

export const withdrawalsQuery = pageQuery.extend({
  status: z.enum(LEDGER_STATUSES, { error: "status must be 'Pending', 'Done' or 'Rejected'." }).optional(),
  user: z.string().trim().max(191).optional(),
});

export const withdrawalBank = z.object({
  full_name: z.string(),
  bank_name: z.string(),
  bank_branch: z.string(),
  /** Masked in lists; in full on GET /admin/withdrawals/{id} (the operator pays to it). */
  account_number: z.string(),
  ifsc_code: z.string(),
});

/** What another user shares with a withdrawal: its bank account, the learner's PAN, or both. */
export const SHARED_BY = ['account', 'pan', 'both'] as const;
export type SharedBy = (typeof SHARED_BY)[number];
/** At most this many of the users who share a withdrawal's account or PAN are named (the count is of all). */
export const SHARED_USERS_NAMED = 20;

/**
 * Other users who use the bank account a withdrawal is paid to (their bank details now, or a withdrawal of theirs
 * to it) or the learner's PAN (their bank details now): one person behind many sign-ups (a referral farm) has each
 * one's earnings paid to one account. A signal for the operator, not a block (decision 043).
 */
export const withdrawalSharing = z.object({
  /** How many other users share the account or the PAN; `account` and `pan` count each (a user sharing both in both). */
  total: z.number(),
  account: z.number(),
  pan: z.number(),
  /**
   * Rupees: what all of them (not only those named) still owe, as `debt.owed` is the learner's own: take-backs of
   * refunds that found their money already withdrawn. A ring that abandons an account in debt and withdraws again
   * to its bank account from a new one shows here (decision 069).
   */
  owed: z.number(),
  /** The first SHARED_USERS_NAMED of them, the oldest user first; `owed` (rupees) is what each still owes. */
  users: z.array(personRef.extend({ referral_code: z.string(), by: z.enum(SHARED_BY), owed: z.number() })),
});
export type WithdrawalSharing = z.infer<typeof withdrawalSharing>;

export const adminWithdrawal = z.object({
  id: z.number(),
  transaction_id: z.string(),
  user: personRef,
  /** Rupees, positive. */
  amount: z.number(),
  status: z.enum(LEDGER_STATUSES),
  description: z.string(),
  bank_reference: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  bank: withdrawalBank.nullable(),
  /**
   * An operator has started paying it (POST …/payout): only the one paying it may settle it from then on. `paid_by`
   * is who pays it now: the one who started, or the last to take it over (POST …/takeover; `taken_over_at` then says
   * when). Another operator may take it over from `take_over_after` (PAYOUT_TAKE_OVER_AFTER_MS after paid_by began);
   * `can_take_over` says whether that time has come by the server's clock (a browser's may be wrong).
   */
  payout: z
    .object({
      started_at: z.string(),
      started_by: personRef,
      paid_by: personRef,
      taken_over_at: z.string().nullable(),
      take_over_after: z.string(),
      can_take_over: z.boolean(),
    })
    .nullable(),
  /** Paid, then sent back by the bank (POST …/returned): the amount is back in the wallet. */
  returned: z.object({ reason: z.string(), returned_at: z.string(), reversal_transaction_id: z.string() }).nullable(),
  /** Other users who use the same bank account or PAN (none: total 0). */
  shared_with: withdrawalSharing,
  /**
   * What the learner owes (rupees): take-backs of refunds that found the money already withdrawn (decision 046).
   * `from_this` is how much of this withdrawal would pay it if the money came back (rejected, or returned by the
   * bank): money reaching the wallet pays what is owed first (decision 068). Marking it Done pays the learner the full
   * amount and recovers nothing.
   */
  debt: z.object({ owed: z.number(), from_this: z.number() }),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

/**
 * How long an operator must have been paying a withdrawal before another may take it over (their payer is away): a
 * bank transfer shows on the statement within a day, so a day is enough to see whether theirs went out.
 */
export const PAYOUT_TAKE_OVER_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * POST /admin/withdrawals/{id}/takeover: the operator checked on the bank statement that the payer's transfer did not
 * go out (required, and true).
 */
export const takeOverBody = z.object({
  bank_statement_checked: z.literal(true, { error: adminMessages.takeOverConfirmRequired }),
});
export type TakeOverBody = z.input<typeof takeOverBody>;

/** POST /admin/withdrawals/{id}/settle: Done with the bank reference, or Rejected with a reason. */
export const settleBody = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('Done'), bank_reference: namedText(adminMessages.bankReferenceRequired, 100) }),
    z.object({ status: z.literal('Rejected'), reason: namedText(adminMessages.reasonRequired, 500) }),
  ],
  { error: adminMessages.settleStatusInvalid },
);
export type SettleBody = z.input<typeof settleBody>;

/** POST /admin/withdrawals/{id}/returned: a paid withdrawal the bank sent back, and why. */
/**
 * POST …/returned: why the bank sent it back, and the bank reference of the transfer that came back (the one the
 * withdrawal was marked Done with, as the bank statement names it): a return recorded on the wrong withdrawal would
 * pay the learner twice.
 */
export const returnBody = z.object({
  reason: namedText(adminMessages.reasonRequired, 500),
  bank_reference: namedText(adminMessages.returnedReferenceRequired, 100),
});
export type ReturnBody = z.input<typeof returnBody>;

export const settleData = z.object({
  withdrawal: adminWithdrawal,
  /** The 'Withdraw Reversal' entry that gave the amount back, when Rejected. */
  reversal_transaction_id: z.string().nullable(),
});
export type SettleData = z.infer<typeof settleData>;
