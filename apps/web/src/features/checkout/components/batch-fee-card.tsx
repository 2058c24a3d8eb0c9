import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BatchData } from '@app/contracts';
import { useFormat } from '@/lib/format';
import { paths } from '@/config/paths';
import { CheckIcon } from '@/components/ui/icons';
import { batchLabel } from '../utils/batch-label';

/**
 * The learner's school batch and its fee (docs/product/onboarding.md#school-batches): the batch's subjects are
 * never sold one by one, so this card is where the dashboard and the Courses page offer the fee.
 * Once it is paid the card says so and leads to My Courses.
 */
export function BatchFeeCard({
  batch,
  titleAs: Title = 'h2',
  isAboveSubjects = false,
}: {
  batch: BatchData;
  /** The heading level where the card sits (h3 inside the Courses page's school section). */
  titleAs?: 'h2' | 'h3';
  /** The subjects' cards follow it (Courses page): it need not name them. */
  isAboveSubjects?: boolean;
}) {
  const { t } = useTranslation('checkout');
  const { inr } = useFormat();
  const label = batchLabel(batch);
  const subjects = isAboveSubjects ? '' : batch.subjects.map((subject) => subject.name).join(', ');
  return (
    <Card as="section" className="border-0 shadow-sm" aria-labelledby="batch-fee-title">
      <Card.Body className="d-flex flex-column flex-md-row align-items-md-center gap-3 p-4">
        <div className="flex-grow-1">
          <Title id="batch-fee-title" className="h5 mb-1 d-flex flex-wrap align-items-center gap-2">
            <span>{t('batchFee.title', { batch: label, fee: inr(batch.fee) })}</span>
            {batch.is_paid && (
              <Badge
                bg="success-subtle"
                text="success-emphasis"
                className="d-inline-flex align-items-center gap-1 fw-semibold"
              >
                <CheckIcon width="1em" height="1em" /> {t('batchFee.paid')}
              </Badge>
            )}
          </Title>
          <p className="text-body-secondary mb-0">
            {batch.is_open
              ? t('batchFee.open')
              : isAboveSubjects
                ? t('batchFee.aboveSubjects')
                : subjects
                  ? t('batchFee.payOnceSubjects', { subjects })
                  : t('batchFee.payOnce')}
          </p>
        </div>
        {batch.is_open ? (
          <Link to={paths.learn.getHref()} className="btn btn-outline-primary flex-shrink-0">
            {t('batchFee.study')}
          </Link>
        ) : (
          <Link to={paths.checkoutBatch.getHref()} className="btn btn-primary flex-shrink-0">
            {t('batchFee.pay')}
          </Link>
        )}
      </Card.Body>
    </Card>
  );
}
