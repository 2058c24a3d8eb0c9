import type { TransactionsData, WalletTransaction } from '@app/contracts';
import { PassThrough, renderWithProviders } from '@/testing/test-utils';
import { WalletPage } from './wallet-page';

/** One ledger line as GET /transactions lists it: a Done commission unless told otherwise. */
export const transaction = (overrides: Partial<WalletTransaction> = {}): WalletTransaction => ({
  date_time: '2025-03-10T09:30:00.000Z',
  method: 'Referral Commission',
  transaction_id: 'TXN-0001',
  kind: 'amount',
  amount: 49.9,
  point: 0,
  status: 'Done',
  description: 'Commission for Ravi Kumar’s purchase',
  available_at: null,
  bank_reference: null,
  ...overrides,
});

/** GET /transactions' data: an empty wallet on one page unless told otherwise. */
export const ledger = (overrides: Partial<TransactionsData> = {}): TransactionsData => ({
  points: 0,
  balance: 0,
  owed: 0,
  transactions: [],
  current_page: 1,
  per_page: 20,
  total: 0,
  last_page: 1,
  ...overrides,
});

/** The wallet page at /wallet, with the pieces app/ gives it (referral code, bank account, consent gate). */
export function renderWallet() {
  return renderWithProviders(
    <WalletPage
      referralCode={<span>ABCD2345</span>}
      withdrawDestination={<span>State Bank of India ********9012</span>}
      ConsentGate={PassThrough}
    />,
    { path: '/wallet' },
  );
}
