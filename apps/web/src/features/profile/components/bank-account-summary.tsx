import { Link } from 'react-router';
import Spinner from 'react-bootstrap/Spinner';
import { paths } from '@/config/paths';
import { useBankDetails } from '../api/get-bank-details';

/** Where a withdrawal goes: the bank account on file, masked; or a pointer to Profile when there is none. */
export function BankAccountSummary() {
  const bank = useBankDetails();
  if (bank.isPending) return <Spinner animation="border" size="sm" role="status"><span className="visually-hidden">Loading…</span></Spinner>;
  if (bank.isError) return <span className="text-danger">The bank account could not be loaded.</span>;
  if (!bank.data) {
    return (
      <span>
        No bank account on file. <Link to={paths.profile.getHref()}>Add your bank details on Profile</Link>.
      </span>
    );
  }
  const { full_name: holder, bank_name: bankName, bank_branch: branch, account_number: account, ifsc_code: ifsc } = bank.data;
  return (
    <span data-testid="bank-account-summary">
      <span className="fw-semibold">{bankName}</span>, {branch}
      <br />
      A/c <span className="font-monospace">{account}</span> · {ifsc}
      <br />
      <span className="text-body-secondary">{holder}</span>
    </span>
  );
}
