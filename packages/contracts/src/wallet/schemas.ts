import { z } from 'zod';
import { walletMessages } from './messages.ts';
import { isWholePaise, LEDGER_STATUSES } from './rules.ts';

/** Numbers may arrive as JSON numbers or as the text of a form input. */
const numberInput = (required: string, invalid: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
    z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) }),
  );

/** POST /redeem-point */
export const redeemPointBody = z.object({
  point: numberInput(walletMessages.pointRequired, walletMessages.pointInvalid)
    .pipe(z.number().int(walletMessages.pointInvalid).min(1, walletMessages.pointInvalid).max(1_000_000_000, walletMessages.pointInvalid)),
});
export type RedeemPointBody = z.input<typeof redeemPointBody>;

/** POST /withdraw: amount in rupees, two decimals at most. */
export const withdrawBody = z.object({
  amount: numberInput(walletMessages.amountRequired, walletMessages.amountInvalid)
    .pipe(z.number().positive(walletMessages.amountInvalid).max(10_000_000, walletMessages.amountInvalid)
      .refine(isWholePaise, walletMessages.amountInvalid)),
});
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

/** One ledger row (spec section 3, "Transaction"). */
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
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

export const transactionsQuery = z.object({
  page: z.coerce.number({ error: 'The page must be a whole number of at least 1.' })
    .int('The page must be a whole number of at least 1.')
    .min(1, 'The page must be a whole number of at least 1.')
    .max(1_000_000, 'The page is too large.')
    .default(1),
  per_page: z.coerce.number({ error: 'per_page must be a whole number from 1 to 100.' })
    .int('per_page must be a whole number from 1 to 100.')
    .min(1, 'per_page must be a whole number from 1 to 100.')
    .max(100, 'per_page must be a whole number from 1 to 100.')
    .default(50),
});

/** GET /transactions: the wallet and a page of its ledger, newest first. */
export const transactionsData = z.object({
  points: z.number(),
  balance: z.number(),
  transactions: z.array(walletTransaction),
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});
export type TransactionsData = z.infer<typeof transactionsData>;
