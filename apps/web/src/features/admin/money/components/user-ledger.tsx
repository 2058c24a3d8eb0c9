import { useState } from 'react';
import { formatInr } from '@app/contracts';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { Pager } from '../../components/pager';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../utils/format';
import { useUserLedger } from '../api/get-user-ledger';

/** Any user's wallet ledger, newest first, as the learner sees it on their wallet page. */
export function UserLedger({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const ledger = useUserLedger(userId, page);
  return (
    <AsyncContent query={ledger}>
      {ledger.data && (
        <>
          <p className="small mb-2">
            Balance <strong>{formatInr(ledger.data.balance)}</strong> · Points{' '}
            <strong>{ledger.data.points.toLocaleString('en-IN')}</strong>
          </p>
          <ResponsiveTable regionLabel="Ledger" size="sm" className="admin-table mb-0">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Method</th>
                <th scope="col">Transaction</th>
                <th scope="col" className="text-end">
                  Amount
                </th>
                <th scope="col" className="text-end">
                  Points
                </th>
                <th scope="col">Status</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {ledger.data.transactions.length === 0 && <EmptyRow colSpan={7}>No transactions yet.</EmptyRow>}
              {ledger.data.transactions.map((entry) => (
                <tr key={entry.transaction_id}>
                  <td className="small text-nowrap">{formatDateTime(entry.date_time)}</td>
                  <td>{entry.method}</td>
                  <td className="small font-monospace">{entry.transaction_id}</td>
                  <td className={`text-end text-nowrap ${entry.amount < 0 ? 'text-danger' : ''}`}>
                    {entry.kind === 'point' ? '—' : formatInr(entry.amount)}
                  </td>
                  <td className="text-end text-nowrap">
                    {entry.kind === 'amount' ? '—' : entry.point.toLocaleString('en-IN')}
                  </td>
                  <td>
                    <StatusBadge status={entry.status} />
                  </td>
                  <td className="small">{entry.description}</td>
                </tr>
              ))}
            </tbody>
          </ResponsiveTable>
          <Pager list={ledger.data} onPage={setPage} label="Ledger pages" />
        </>
      )}
    </AsyncContent>
  );
}
