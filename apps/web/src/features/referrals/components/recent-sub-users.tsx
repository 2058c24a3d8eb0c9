import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { InlineLoading } from '@/components/ui/loading-overlay';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubUser } from '@app/contracts';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { useRecentSubUsers } from '../api/get-recent-sub-users';
import { useAppMessage } from '@/lib/i18n';

export function SubUserStatusBadge({ status }: { status: SubUser['status'] }) {
  const { t } = useTranslation('referrals');
  if (status === 'ineligible') {
    return (
      <Badge bg="secondary-subtle" text="secondary-emphasis" className="border border-secondary-subtle">
        {t('status.ineligible')}
      </Badge>
    );
  }
  return status === 'active' ? (
    <Badge bg="success-subtle" text="success-emphasis" className="border border-success-subtle">
      {t('status.active')}
    </Badge>
  ) : (
    <Badge bg="warning-subtle" text="warning-emphasis" className="border border-warning-subtle">
      {t('status.pending')}
    </Badge>
  );
}

/**
 * Dashboard: the 10 people who registered most recently through the learner's link; one who earns
 * the learner nothing shows "Not eligible" and why.
 */
export function RecentSubUsers() {
  const { t } = useTranslation('referrals');
  const { date } = useFormat();
  const reasonText = useAppMessage();
  const recent = useRecentSubUsers();
  return (
    <Card className="border-0 shadow-sm h-100">
      <Card.Header className="bg-transparent border-0 pt-4 px-4 pb-0 d-flex justify-content-between align-items-baseline gap-2">
        <h2 className="h5 mb-0">{t('recent.title')}</h2>
        <Link to={paths.users.getHref()} className="small text-nowrap">
          {t('recent.seeAll')}
        </Link>
      </Card.Header>
      <Card.Body className="px-4 pb-4">
        {recent.isPending ? (
          <InlineLoading label={t('recent.loading')} />
        ) : recent.isError ? (
          <p className="text-danger mb-0" role="alert">
            {t('recent.loadFailed')}
          </p>
        ) : recent.data.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('recent.empty')}</p>
        ) : (
          <ListGroup variant="flush">
            {recent.data.map((user) => (
              <ListGroup.Item key={user.id} className="px-0 d-flex justify-content-between align-items-center gap-2">
                <div style={{ minWidth: 0 }}>
                  <div className="fw-semibold text-break">
                    {user.is_erased ? <span className="fst-italic">{t('users.deletedLearner')}</span> : user.name}
                  </div>
                  <div className="small text-body-secondary">
                    <span className="font-monospace">{user.referral_code}</span> ·{' '}
                    {t('joined', { date: date(user.joined) })}
                  </div>
                  {user.reason && <div className="small text-body-secondary">{reasonText(user.reason)}</div>}
                </div>
                <SubUserStatusBadge status={user.status} />
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Card.Body>
    </Card>
  );
}
