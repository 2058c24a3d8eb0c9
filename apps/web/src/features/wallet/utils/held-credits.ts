import type { WalletTransaction } from '@app/contracts';

/**
 * A held credit (a commission or level reward still inside its purchase's refund window): Pending,
 * with the date it becomes Done (docs/product/referrals-and-levels.md#holding-period). A Pending withdrawal has no date.
 */
export const isHeldCredit = (transaction: Pick<WalletTransaction, 'status' | 'available_at'>): boolean =>
  transaction.status === 'Pending' && transaction.available_at !== null;

/** When a held credit can be redeemed or withdrawn (ISO 8601, shown as 'Available on 1 Dec 2026', India time); null for any other row. */
export function availableOn(transaction: Pick<WalletTransaction, 'status' | 'available_at'>): string | null {
  return isHeldCredit(transaction) ? transaction.available_at : null;
}
