import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import type { PurchaseHistoryItem } from '@app/contracts';

const tone: Record<PurchaseHistoryItem['status'], string> = {
  paid: 'success',
  pending: 'warning',
  failed: 'danger',
  refunded: 'secondary',
};

export function PurchaseStatusBadge({ status }: { status: PurchaseHistoryItem['status'] }) {
  const { t } = useTranslation('purchases');
  return (
    <Badge bg={tone[status]} text={status === 'pending' ? 'dark' : undefined} className="purchase-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
