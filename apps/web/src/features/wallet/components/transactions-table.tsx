import Button from 'react-bootstrap/Button';
import { formatInr, type TransactionsData, type WalletTransaction } from '@app/contracts';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import './transactions-table.css';

const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata',
});

const formatPoints = (points: number) => `${points.toLocaleString('en-IN')} ${Math.abs(points) === 1 ? 'point' : 'points'}`;

/** The "Amount / Point" cell: money, points or both, with the status in brackets unless Done (spec section 2). */
export function amountCell(transaction: Pick<WalletTransaction, 'kind' | 'amount' | 'point' | 'status'>): string {
  const value = transaction.kind === 'point'
    ? formatPoints(transaction.point)
    : transaction.kind === 'both'
      ? `${formatInr(transaction.amount)} / ${formatPoints(transaction.point)}`
      : formatInr(transaction.amount);
  return transaction.status === 'Done' ? value : `${value} (${transaction.status})`;
}

function amountTone(transaction: WalletTransaction): string {
  if (transaction.status === 'Rejected') return 'text-body-secondary';
  const sign = transaction.kind === 'point' ? transaction.point : transaction.amount;
  return sign < 0 ? 'text-danger' : 'text-success';
}

interface TransactionsTableProps {
  data: TransactionsData;
  onPage: (page: number) => void;
  isFetching: boolean;
}

/** The ledger, newest first: Date and Time, Transaction Method, Transaction ID, Amount / Point, Description. */
export function TransactionsTable({ data, onPage, isFetching }: TransactionsTableProps) {
  if (data.total === 0) return <p className="text-body-secondary mb-0">No transactions yet.</p>;
  return (
    <>
      <ResponsiveTable regionLabel="Transactions" hover className="align-middle mb-3 transactions-table" aria-busy={isFetching}>
        <thead>
          <tr>
            <th scope="col" className="text-nowrap">Date and Time</th>
            <th scope="col" className="text-nowrap">Transaction Method</th>
            <th scope="col" className="text-nowrap">Transaction ID</th>
            <th scope="col" className="text-end text-nowrap">Amount / Point</th>
            <th scope="col" className="text-nowrap">Description</th>
          </tr>
        </thead>
        <tbody>
          {data.transactions.map((transaction) => (
            <tr key={transaction.transaction_id}>
              <td data-label="Date and Time" className="text-nowrap">{dateTimeFormat.format(new Date(transaction.date_time))}</td>
              <td data-label="Transaction Method" className="text-nowrap">{transaction.method}</td>
              <td data-label="Transaction ID" className="font-monospace small text-nowrap">{transaction.transaction_id}</td>
              <td data-label="Amount / Point" className={`text-end text-nowrap fw-semibold ${amountTone(transaction)}`}>
                {amountCell(transaction)}
              </td>
              <td data-label="Description" className="small transactions-description">{transaction.description}</td>
            </tr>
          ))}
        </tbody>
      </ResponsiveTable>
      {data.last_page > 1 && (
        <nav className="d-flex align-items-center justify-content-between gap-2" aria-label="Transactions pages">
          <Button
            variant="outline-secondary" size="sm" disabled={data.current_page <= 1 || isFetching}
            onClick={() => onPage(data.current_page - 1)}
          >
            Newer
          </Button>
          <span className="small text-body-secondary">Page {data.current_page} of {data.last_page}</span>
          <Button
            variant="outline-secondary" size="sm" disabled={data.current_page >= data.last_page || isFetching}
            onClick={() => onPage(data.current_page + 1)}
          >
            Older
          </Button>
        </nav>
      )}
    </>
  );
}
