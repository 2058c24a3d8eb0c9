import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { InlineLoading } from '@/components/ui/loading-overlay';
import { useBankDetails } from '../api/get-bank-details';

/** Where a withdrawal goes: the bank account on file, masked; or a pointer to Profile when there is none. */
export function BankAccountSummary() {
  const bank = useBankDetails();
  const { t } = useTranslation('profile');
  if (bank.isPending) return <InlineLoading />;
  if (bank.isError) return <span className="text-danger">{t('bankSummary.loadFailed')}</span>;
  if (!bank.data) {
    return (
      <span>
        <Trans t={t} i18nKey="bankSummary.none" components={{ profileLink: <Link to={paths.profile.getHref()} /> }} />
      </span>
    );
  }
  const {
    full_name: holder,
    bank_name: bankName,
    bank_branch: branch,
    account_number: account,
    ifsc_code: ifsc,
  } = bank.data;
  return (
    <span data-testid="bank-account-summary">
      <span className="fw-semibold">{bankName}</span>, {branch}
      <br />
      <Trans
        t={t}
        i18nKey="bankSummary.account"
        values={{ account, ifsc }}
        components={{ mono: <span className="font-monospace" /> }}
      />
      <br />
      <span className="text-body-secondary">{holder}</span>
    </span>
  );
}
