import Button from 'react-bootstrap/Button';
import { formatIndiaDate, formatIndiaTime, formatInr, type TransactionsData, type WalletTransaction } from '@app/contracts';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { availableOnNote } from '../utils/held-credits';
import './transactions-table.css';

const formatPoints = (points: number) => `${points.toLocaleString('en-IN')} ${Math.abs(points) === 1 ? 'point' : 'points'}`;

/** The "Amount / Point" figure: money, points or both (a redeem). */
function amountValue(transaction: Pick<WalletTransaction, 'kind' | 'amount' | 'point'>): string {
  return transaction.kind === 'point'
    ? formatPoints(transaction.point)
    : transaction.kind === 'both'
      ? `${formatInr(transaction.amount)} / ${formatPoints(transaction.point)}`
      : formatInr(transaction.amount);
}

/**
 * The "Amount / Point" cell: the figure, with the status in brackets unless Done (spec section 2).
 * The status may wrap under the figure when the table is tight. One block, for the phone layout.
 */
function AmountCell({ transaction }: { transaction: WalletTransaction }) {
  return (
    <span>
      <span className="text-nowrap">{amountValue(transaction)}</span>
      {transaction.status !== 'Done' && <> <span className="text-nowrap">({transaction.status})</span></>}
    </span>
  );
}

function amountTone(transaction: WalletTransaction): string {
  if (transaction.status === 'Rejected') return 'text-body-secondary';
  const sign = transaction.kind === 'point' ? transaction.point : transaction.amount;
  return sign < 0 ? 'text-danger' : 'text-success';
}

/** '24 Nov 2026, 11:23 am' in India time; the time may wrap under the date when the table is tight. One block, for the phone layout. */
function DateTimeCell({ iso }: { iso: string }) {
  return (
    <span>
      <span className="text-nowrap">{formatIndiaDate(iso)},</span> <span className="text-nowrap">{formatIndiaTime(iso)}</span>
    </span>
  );
}

/**
 * The description, and for a held credit when it can be redeemed or withdrawn. One block, so the
 * phone layout (label and value side by side) keeps it beside its label.
 */
function DescriptionCell({ transaction }: { transaction: WalletTransaction }) {
  const note = availableOnNote(transaction);
  return (
    <div>
      {transaction.description}
      {note && <div className="text-body-secondary mt-1 text-nowrap">{note}</div>}
    </div>
  );
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
              <td data-label="Date and Time"><DateTimeCell iso={transaction.date_time} /></td>
              <td data-label="Transaction Method" className="text-nowrap">{transaction.method}</td>
              <td data-label="Transaction ID" className="font-monospace small text-nowrap">{transaction.transaction_id}</td>
              <td data-label="Amount / Point" className={`text-end fw-semibold ${amountTone(transaction)}`}>
                <AmountCell transaction={transaction} />
              </td>
              <td data-label="Description" className="small transactions-description">
                <DescriptionCell transaction={transaction} />
              </td>
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
