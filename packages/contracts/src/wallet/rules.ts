/** Ledger methods (docs/product/wallet-and-withdrawals.md#methods-and-statuses), plus the reversals operators and refunds post. */
export const LEDGER_METHODS = [
  'Referral Commission',
  'Level Reward',
  'Point Redeem',
  'Withdraw',
  'Quiz Points',
  'Commission Reversal',
  'Withdraw Reversal',
  'Level Reward Reversal',
  'Quiz Points Reversal',
] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];

export const LEDGER_STATUSES = ['Done', 'Pending', 'Rejected'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/**
 * The smallest withdrawal (docs/product/wallet-and-withdrawals.md#withdraw) while the operators have set none: the server's
 * default for the `minimum_withdrawal_paise` setting, and the web's until GET /convert-value answers.
 */
export const DEFAULT_MINIMUM_WITHDRAWAL_PAISE = 10_000;

/** True when a rupee figure has at most two decimals (whole paise), allowing float noise. */
export function isWholePaise(rupees: number): boolean {
  if (!Number.isFinite(rupees)) return false;
  const paise = rupees * 100;
  return Math.abs(paise - Math.round(paise)) < 1e-6;
}

/** Rupees credited for redeeming points: points × convert value, in paise. */
export function redeemValuePaise(points: number, convertValuePaise: number): number {
  return points * convertValuePaise;
}

/** What a ledger row shows in "Amount / Point": money, points or both (a redeem). */
export function ledgerKind(amountPaise: number, points: number): 'amount' | 'point' | 'both' {
  if (points !== 0 && amountPaise !== 0) return 'both';
  return points !== 0 ? 'point' : 'amount';
}
