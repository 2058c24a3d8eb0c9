import { formatInr, type AdminWithdrawal } from '@app/contracts';

/** The first line of every dialog about one withdrawal: how much, to whom, and its transaction id. */
export function WithdrawalSummary({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  return (
    <p>
      <strong>{formatInr(withdrawal.amount)}</strong> to {withdrawal.user.name} ({withdrawal.user.email}), requested as{' '}
      <span className="font-monospace">{withdrawal.transaction_id}</span>.
    </p>
  );
}
