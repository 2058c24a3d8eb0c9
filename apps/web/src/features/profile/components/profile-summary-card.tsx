import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { useProfile } from '../api/get-profile';
import { fallbackPhotoUrl } from './profile-photo-card';

interface ProfileSummaryCardProps {
  /** The referral id with its copy action. */
  referralCode: ReactNode;
  /** E.g. 'Invite People'. */
  action?: ReactNode;
}

/** Dashboard's profile card (docs/product/referrals-and-levels.md#dashboard): points, referral id and balance in INR. */
export function ProfileSummaryCard({ referralCode, action }: ProfileSummaryCardProps) {
  const profile = useProfile();
  const data = profile.data;
  const { t } = useTranslation('profile');
  const { inr, number } = useFormat();
  const value = (content: ReactNode) => (data ? content : <Placeholder xs={6} />);
  return (
    <Card className="border-0 shadow-sm h-100">
      <Card.Body className="p-4 d-flex flex-column">
        <div className="d-flex align-items-center gap-3 mb-3">
          <img
            src={mediaUrl(data?.profile_photo_path) ?? fallbackPhotoUrl}
            onError={(event) => {
              event.currentTarget.src = fallbackPhotoUrl;
            }}
            alt=""
            width={56}
            height={56}
            className="rounded-circle object-fit-cover border flex-shrink-0"
          />
          <h2 className="h5 mb-0 text-break">
            {data ? `${data.first_name} ${data.last_name}` : <Placeholder xs={8} />}
          </h2>
        </div>
        {profile.isError && (
          <p className="text-danger small" role="alert">
            {t('summary.loadFailed')}
          </p>
        )}
        <dl className="row mb-3 g-0 row-gap-2">
          <dt className="col-6 fw-normal text-body-secondary">{t('summary.points')}</dt>
          <dd className="col-6 mb-0 text-end fw-semibold" data-testid="summary-points">
            {value(data && number(data.points))}
          </dd>
          <dt className="col-5 fw-normal text-body-secondary">{t('summary.referralId')}</dt>
          <dd className="col-7 mb-0 text-end">{referralCode}</dd>
          <dt className="col-6 fw-normal text-body-secondary">{t('summary.balance')}</dt>
          <dd className="col-6 mb-0 text-end fw-semibold" data-testid="summary-balance">
            {value(data && inr(data.balance))}
          </dd>
        </dl>
        {action && <div className="mt-auto d-grid">{action}</div>}
      </Card.Body>
    </Card>
  );
}
