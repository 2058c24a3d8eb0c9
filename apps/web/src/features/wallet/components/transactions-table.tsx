import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import { LEDGER_PART_SEPARATOR, type TransactionsData, type WalletTransaction } from '@app/contracts';
import { useFormat } from '@/lib/format';
import { useAppMessage } from '@/lib/i18n';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { availableOn } from '../utils/held-credits';
import { useLedgerLabels } from '../utils/ledger-labels';
import './transactions-table.css';

/**
 * The "Amount / Point" figure in the app's language: money, points or both (a redeem, '₹5.00 / 10 points').
 * Both may wrap after the '/' when the table is tight (longer words in Hindi and Malayalam).
 */
function AmountValue({ transaction }: { transaction: Pick<WalletTransaction, 'kind' | 'amount' | 'point'> }) {
  const { t } = useTranslation('wallet');
  const { inr, number } = useFormat();
  const points = (count: number) => t('table.pointCount', { count: Math.abs(count), points: number(count) });
  if (transaction.kind === 'point') return <span className="text-nowrap">{points(transaction.point)}</span>;
  if (transaction.kind === 'amount') return <span className="text-nowrap">{inr(transaction.amount)}</span>;
  return (
    <>
      <span className="text-nowrap">{inr(transaction.amount)} /</span>{' '}
      <span className="text-nowrap">{points(transaction.point)}</span>
    </>
  );
}

/**
 * The "Amount / Point" cell: the figure, with the status in brackets unless Done (docs/product/wallet-and-withdrawals.md#wallet-page).
 * The status may wrap under the figure when the table is tight. One block, for the phone layout.
 */
function AmountCell({ transaction }: { transaction: WalletTransaction }) {
  const labels = useLedgerLabels();
  return (
    <span>
      <AmountValue transaction={transaction} />
      {transaction.status !== 'Done' && (
        <>
          {' '}
          <span className="text-nowrap">({labels.status(transaction.status)})</span>
        </>
      )}
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
  const { date, time } = useFormat();
  return (
    <span>
      <span className="text-nowrap">{date(iso)},</span> <span className="text-nowrap">{time(iso)}</span>
    </span>
  );
}

/**
 * The description, and for a held credit when it can be redeemed or withdrawn. One block, so the
 * phone layout (label and value side by side) keeps it beside its label.
 */
function DescriptionCell({ transaction }: { transaction: WalletTransaction }) {
  const { t } = useTranslation('wallet');
  const { date } = useFormat();
  const message = useAppMessage();
  const heldUntil = availableOn(transaction);
  const note = heldUntil === null ? null : t('table.availableOn', { date: date(heldUntil) });
  return (
    <div>
      {/* English in the data (ledgerDescriptionTemplates), its parts translated one by one. */}
      {transaction.description.split(LEDGER_PART_SEPARATOR).map(message).join(LEDGER_PART_SEPARATOR)}
      {note && <div className="text-body-secondary mt-1 text-nowrap">{note}</div>}
      {transaction.bank_reference && (
        <div className="text-body-secondary mt-1">{t('bankReference', { reference: transaction.bank_reference })}</div>
      )}
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
  const { t } = useTranslation('wallet');
  const labels = useLedgerLabels();
  if (data.total === 0) return <p className="text-body-secondary mb-0">{t('table.empty')}</p>;
  return (
    <>
      <ResponsiveTable
        regionLabel={t('transactions')}
        hover
        className="align-middle mb-3 transactions-table"
        aria-busy={isFetching}
      >
        <thead>
          <tr>
            <th scope="col">{t('table.dateTime')}</th>
            <th scope="col">{t('table.method')}</th>
            <th scope="col">{t('table.transactionId')}</th>
            <th scope="col" className="text-end">
              {t('table.amountPoint')}
            </th>
            <th scope="col">{t('table.description')}</th>
          </tr>
        </thead>
        <tbody>
          {data.transactions.map((transaction) => (
            <tr key={transaction.transaction_id}>
              <td data-label={t('table.dateTime')}>
                <DateTimeCell iso={transaction.date_time} />
              </td>
              <td data-label={t('table.method')}>{labels.method(transaction.method)}</td>
              <td data-label={t('table.transactionId')} className="font-monospace small text-nowrap">
                {transaction.transaction_id}
              </td>
              <td data-label={t('table.amountPoint')} className={`text-end fw-semibold ${amountTone(transaction)}`}>
                <AmountCell transaction={transaction} />
              </td>
              <td data-label={t('table.description')} className="small transactions-description">
                <DescriptionCell transaction={transaction} />
              </td>
            </tr>
          ))}
        </tbody>
      </ResponsiveTable>
      {data.last_page > 1 && (
        <nav className="d-flex align-items-center justify-content-between gap-2" aria-label={t('table.pagesLabel')}>
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={data.current_page <= 1 || isFetching}
            onClick={() => onPage(data.current_page - 1)}
          >
            {t('table.newer')}
          </Button>
          <span className="small text-body-secondary">
            {t('table.pageOf', { page: data.current_page, pages: data.last_page })}
          </span>
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={data.current_page >= data.last_page || isFetching}
            onClick={() => onPage(data.current_page + 1)}
          >
            {t('table.older')}
          </Button>
        </nav>
      )}
    </>
  );
}
