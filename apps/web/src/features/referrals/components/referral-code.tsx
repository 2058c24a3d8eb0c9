import Button from 'react-bootstrap/Button';
import { useMe } from '@/lib/auth/get-me';
import { copyToClipboard } from '../utils/copy-to-clipboard';
import { CopyIcon } from './copy-icon';

/** The learner's referral id with a copy button (Dashboard profile card and Wallet). */
export function ReferralCode() {
  const code = useMe().data?.referral_code;
  return (
    <span className="d-inline-flex align-items-center gap-1">
      <span className="font-monospace fw-semibold" data-testid="referral-code">{code ?? '…'}</span>
      <Button
        variant="link"
        size="sm"
        className="p-1 lh-1"
        aria-label="Copy referral id"
        title="Copy referral id"
        disabled={!code}
        onClick={() => code && void copyToClipboard(code)}
      >
        <CopyIcon />
      </Button>
    </span>
  );
}
