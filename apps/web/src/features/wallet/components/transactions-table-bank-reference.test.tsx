import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TransactionsData, WalletTransaction } from '@app/contracts';
import { TransactionsTable } from './transactions-table';

const withdrawal = (overrides: Partial<WalletTransaction>): WalletTransaction => ({
  date_time: '2026-11-20T09:30:00.000Z',
  method: 'Withdraw',
  transaction_id: 'TXN-W1',
  kind: 'amount',
  amount: -500,
  point: 0,
  status: 'Done',
  description: 'Withdraw',
  available_at: null,
  bank_reference: null,
  ...overrides,
});

const data = (transactions: WalletTransaction[]): TransactionsData => ({
  points: 0,
  balance: 0,
  transactions,
  current_page: 1,
  per_page: 20,
  total: transactions.length,
  last_page: 1,
});

describe('the transactions list and withdrawals', () => {
  it("shows a paid withdrawal's bank reference under its description, and nothing for others", () => {
    render(
      <TransactionsTable
        data={data([
          withdrawal({ bank_reference: 'UTR0099887766' }),
          withdrawal({ transaction_id: 'TXN-W2', status: 'Pending' }),
        ])}
        onPage={() => undefined}
        isFetching={false}
      />,
    );
    expect(screen.getByText('Bank reference: UTR0099887766')).toBeInTheDocument();
    expect(screen.getAllByText(/Bank reference/)).toHaveLength(1);
  });
});
