import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';
import { useTranslation } from 'react-i18next';
import type { ReferralUser } from '@app/contracts';

/** Who invited the learner (spec: name, email, phone; the server masks email and phone). */
export function ReferrerCard({ referrer }: { referrer: ReferralUser | undefined }) {
  const { t } = useTranslation('accounts');
  return (
    <Card as="section" className="referrer-card mb-4" aria-labelledby="referrer-title" aria-busy={!referrer}>
      <Card.Body className="py-3">
        <h2 id="referrer-title" className="h6 text-uppercase text-body-secondary mb-2">
          {t('referrer.title')}
        </h2>
        {referrer ? (
          <dl className="label-value-list mb-0 small">
            <dt className="fw-normal text-body-secondary">{t('referrer.name')}</dt>
            <dd className="mb-0 fw-semibold text-break">{referrer.name}</dd>
            <dt className="fw-normal text-body-secondary">{t('referrer.email')}</dt>
            <dd className="mb-0 text-break">{referrer.email}</dd>
            <dt className="fw-normal text-body-secondary">{t('referrer.phone')}</dt>
            <dd className="mb-0">{referrer.mobile}</dd>
          </dl>
        ) : (
          <Placeholder as="p" animation="glow" className="mb-0">
            <Placeholder xs={7} /> <Placeholder xs={5} /> <Placeholder xs={4} />
          </Placeholder>
        )}
      </Card.Body>
    </Card>
  );
}
