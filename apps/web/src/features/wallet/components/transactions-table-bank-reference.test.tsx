import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WalletTransaction } from '@app/contracts';
import { TransactionsTable } from './transactions-table';
import { ledger, transaction } from './wallet-page.fixtures';

const withdrawal = (overrides: Partial<WalletTransaction>) =>
  transaction({
    date_time: '2026-11-20T09:30:00.000Z',
    method: 'Withdraw',
    transaction_id: 'TXN-W1',
    amount: -500,
    description: 'Withdraw',
    ...overrides,
  });

const data = (transactions: WalletTransaction[]) => ledger({ transactions, total: transactions.length });

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
