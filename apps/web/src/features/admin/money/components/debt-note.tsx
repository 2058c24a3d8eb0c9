import Alert from 'react-bootstrap/Alert';
import { formatInr, type AdminWithdrawal } from '@app/contracts';

/**
 * What the learner still owes (refunds that took back earnings already withdrawn: decision 046) and what of this
 * withdrawal goes to it, for the operator about to pay or reject it. Marking it Done pays the full amount and recovers
 * nothing; money coming back from it (a rejection, a return by the bank) pays the debt first, as any money reaching
 * the wallet does (decision 068). Nothing when nothing is owed.
 */
export function DebtNote({ withdrawal, isPaying }: { withdrawal: AdminWithdrawal; isPaying: boolean }) {
  const { owed, from_this: fromThis } = withdrawal.debt;
  if (owed <= 0) return null;
  const back = Math.round((withdrawal.amount - fromThis) * 100) / 100;
  const owes = `${withdrawal.user.name} owes ${formatInr(owed)}: refunds took back earnings already withdrawn.`;
  const what = isPaying
    ? `Marking it Done pays the full ${formatInr(withdrawal.amount)} and recovers none of it. If your transfer has not gone out, reject it instead: ${formatInr(fromThis)} of it then pays the debt and ${formatInr(back)} goes back to the wallet.`
    : `Rejecting it pays ${formatInr(fromThis)} of this withdrawal to the debt first; ${formatInr(back)} goes back to the wallet.`;
  return (
    <Alert variant="warning" className="small py-2" data-testid="debt-note">
      <strong className="d-block">{owes}</strong>
      {what}
    </Alert>
  );
}
