import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { formatInr, LEDGER_STATUSES, type AdminWithdrawal, type SettleData } from '@app/contracts';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { notifications } from '@/components/ui/notifications';
import { PageHeader } from '@/components/ui/page-header';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { Pager } from '../../components/pager';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../utils/format';
import { useListParams } from '../../utils/list-params';
import { useWithdrawals } from '../api/get-withdrawals';
import { ReturnWithdrawalDialog } from './return-withdrawal-dialog';
import { SettleWithdrawalDialog, type SettleOutcome } from './settle-withdrawal-dialog';
import { TakeOverDialog } from './take-over-dialog';
import { SharedMarker } from './shared-payout';
import { UserFilter } from './user-filter';

const filterKeys = ['status', 'user'] as const;

/** What a settlement did, in one sentence. */
function resultText({ withdrawal, reversal_transaction_id: reversal }: SettleData) {
  const who = `${formatInr(withdrawal.amount)} to ${withdrawal.user.name}`;
  if (withdrawal.returned) return `${who} returned by the bank; the amount is back in the wallet (${reversal ?? '—'}).`;
  return withdrawal.status === 'Done'
    ? `${who} marked as Done (bank reference ${withdrawal.bank_reference ?? '—'}).`
    : `${who} rejected; the amount is back in the wallet${reversal ? ` (${reversal})` : ''}.`;
}

type TakenOverWithdrawal = AdminWithdrawal & { payout: NonNullable<AdminWithdrawal['payout']> };

/**
 * 'Take over' for a withdrawal another operator has been paying for 24 hours (their payer is away); before that, when
 * it can be. Nothing for one nobody is paying, or that the operator pays.
 */
function TakeOverAction({
  withdrawal,
  myEmail,
  onTakeOver,
}: {
  withdrawal: AdminWithdrawal;
  myEmail: string | undefined;
  onTakeOver: (payout: TakenOverWithdrawal['payout']) => void;
}) {
  const { payout } = withdrawal;
  if (!payout || payout.paid_by.email === myEmail) return null;
  // By the server's clock: a browser's may be wrong (the server refuses too early a take-over anyway, naming when).
  if (!payout.can_take_over)
    return (
      <div className="small text-body-secondary text-wrap">
        Can be taken over from {formatDateTime(payout.take_over_after)}
      </div>
    );
  return (
    <Button size="sm" variant="outline-secondary" onClick={() => onTakeOver(payout)}>
      Take over
    </Button>
  );
}

/** Withdrawal requests: pending ones first, each settled once as Done (bank reference) or Rejected (reason). */
export function WithdrawalsPage() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  // Pending is what needs the operator; 'all' is an explicit choice.
  const status = filters.status === 'all' ? '' : filters.status || 'Pending';
  const withdrawals = useWithdrawals({ page, status, user: filters.user });
  const [settling, setSettling] = useState<{ withdrawal: AdminWithdrawal; outcome: SettleOutcome } | null>(null);
  const [returning, setReturning] = useState<AdminWithdrawal | null>(null);
  const [takingOver, setTakingOver] = useState<TakenOverWithdrawal | null>(null);
  const me = useMe();
  const [lastResult, setLastResult] = useState<SettleData | null>(null);

  return (
    <>
      <PageHeader title="Withdrawals" />
      <div className="admin-filters">
        <Form.Select
          aria-label="Status"
          value={filters.status || 'Pending'}
          className="w-auto"
          onChange={(e) => setFilters({ status: e.target.value })}
        >
          {LEDGER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
          <option value="all">All statuses</option>
        </Form.Select>
        <UserFilter value={filters.user} onFilter={(user) => setFilters({ user })} />
      </div>
      {lastResult && (
        <Alert
          variant={lastResult.withdrawal.status === 'Done' ? 'success' : 'warning'}
          dismissible
          onClose={() => setLastResult(null)}
          data-testid="settle-result"
        >
          {resultText(lastResult)}
        </Alert>
      )}
      <AsyncContent query={withdrawals}>
        <ResponsiveTable regionLabel="Withdrawals" hover className="admin-table">
          <thead>
            <tr>
              <th scope="col">Requested</th>
              <th scope="col">User</th>
              <th scope="col">Transaction</th>
              <th scope="col" className="text-end">
                Amount
              </th>
              <th scope="col">Bank</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {withdrawals.data?.data.length === 0 && (
              <EmptyRow colSpan={7}>No withdrawals {status ? `are ${status}` : 'yet'}.</EmptyRow>
            )}
            {withdrawals.data?.data.map((withdrawal) => (
              <tr key={withdrawal.id}>
                <td className="small">{formatDateTime(withdrawal.created_at)}</td>
                <td>
                  <Link to={paths.adminUser.getHref(withdrawal.user.id)}>{withdrawal.user.name}</Link>
                  <div className="small text-body-secondary text-break">{withdrawal.user.email}</div>
                  <SharedMarker sharing={withdrawal.shared_with} />
                </td>
                <td className="small font-monospace">{withdrawal.transaction_id}</td>
                <td className="text-end fw-semibold">{formatInr(withdrawal.amount)}</td>
                <td className="small">
                  {withdrawal.bank ? (
                    <>
                      {withdrawal.bank.bank_name}
                      <div className="text-body-secondary font-monospace">{withdrawal.bank.account_number}</div>
                    </>
                  ) : (
                    <span className="text-body-secondary">No bank details</span>
                  )}
                </td>
                <td>
                  <StatusBadge status={withdrawal.status} />
                  {withdrawal.bank_reference && (
                    <div className="small text-body-secondary">Ref {withdrawal.bank_reference}</div>
                  )}
                  {withdrawal.settled_at && (
                    <div className="small text-body-secondary">{formatDateTime(withdrawal.settled_at)}</div>
                  )}
                  {withdrawal.status === 'Pending' && withdrawal.payout && (
                    <div className="small text-body-secondary">Being paid by {withdrawal.payout.paid_by.name}</div>
                  )}
                  {withdrawal.status === 'Pending' && withdrawal.debt.owed > 0 && (
                    <div className="small text-warning-emphasis">Owes {formatInr(withdrawal.debt.owed)}</div>
                  )}
                  {withdrawal.returned && (
                    <div className="small text-warning-emphasis">
                      Returned by the bank: {withdrawal.returned.reason}
                    </div>
                  )}
                </td>
                <td>
                  {/* One above the other: side by side they pushed 'Mark as Done' out of a 1,280 px window. */}
                  {withdrawal.status === 'Pending' && (
                    <div className="d-grid gap-2 text-nowrap">
                      <Button size="sm" variant="success" onClick={() => setSettling({ withdrawal, outcome: 'Done' })}>
                        Mark as Done
                      </Button>
                      <Button
                        size="sm"
                        variant="outline-danger"
                        onClick={() => setSettling({ withdrawal, outcome: 'Rejected' })}
                      >
                        Reject
                      </Button>
                      <TakeOverAction
                        withdrawal={withdrawal}
                        myEmail={me.data?.email}
                        onTakeOver={(payout) => setTakingOver({ ...withdrawal, payout })}
                      />
                    </div>
                  )}
                  {withdrawal.status === 'Done' && !withdrawal.returned && (
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="text-nowrap"
                      onClick={() => setReturning(withdrawal)}
                    >
                      Returned by bank
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
        <Pager list={withdrawals.data} onPage={setPage} label="Withdrawal pages" />
      </AsyncContent>
      {returning && (
        <ReturnWithdrawalDialog
          withdrawal={returning}
          onClose={() => setReturning(null)}
          onReturned={(result, message) => {
            notifications.success(message);
            setLastResult(result);
            setReturning(null);
          }}
        />
      )}
      {takingOver && (
        <TakeOverDialog
          withdrawal={takingOver}
          onClose={() => setTakingOver(null)}
          onTakenOver={(withdrawal, message) => {
            notifications.success(message);
            setTakingOver(null);
            // Theirs now: the dialog that shows the account to pay opens at once.
            setSettling({ withdrawal, outcome: 'Done' });
          }}
        />
      )}
      {settling && (
        <SettleWithdrawalDialog
          withdrawal={settling.withdrawal}
          outcome={settling.outcome}
          onClose={() => setSettling(null)}
          onSettled={(result, message) => {
            notifications.success(message);
            setLastResult(result);
            setSettling(null);
          }}
        />
      )}
    </>
  );
}
