import { formatIndiaDate, type WalletTransaction } from '@app/contracts';

/**
 * A held credit (a commission or level reward still inside its purchase's refund window): Pending,
 * with the date it becomes Done (server-rules "Holding period"). A Pending withdrawal has no date.
 */
export const isHeldCredit = (transaction: Pick<WalletTransaction, 'status' | 'available_at'>): boolean =>
  transaction.status === 'Pending' && transaction.available_at !== null;

/** 'Available on 1 Dec 2026' (India time) for a held credit; null for any other row. */
export function availableOnNote(transaction: Pick<WalletTransaction, 'status' | 'available_at'>): string | null {
  if (!isHeldCredit(transaction) || transaction.available_at === null) return null;
  return `Available on ${formatIndiaDate(transaction.available_at)}`;
}
