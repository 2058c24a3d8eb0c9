import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/lib/auth/get-me';
import { copyToClipboard } from '@/lib/copy-to-clipboard';
import { CopyIcon } from './copy-icon';

/** The learner's referral id with a copy button (Dashboard profile card and Wallet). */
export function ReferralCode() {
  const { t } = useTranslation('referrals');
  const code = useMe().data?.referral_code;
  return (
    <span className="d-inline-flex align-items-center gap-1">
      <span className="font-monospace fw-semibold" data-testid="referral-code">
        {code ?? '…'}
      </span>
      <Button
        variant="link"
        size="sm"
        className="p-1 lh-1 tap-target"
        aria-label={t('code.copy')}
        title={t('code.copy')}
        disabled={!code}
        onClick={() => code && void copyToClipboard(code)}
      >
        <CopyIcon />
      </Button>
    </span>
  );
}
