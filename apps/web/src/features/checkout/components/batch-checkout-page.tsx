import type { ComponentType, ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BatchData } from '@app/contracts';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError } from '@/components/ui/load-error';
import { useMyBatch } from '../api/get-my-batch';
import { usePayBatchFee } from '../api/pay-batch-fee';
import { batchLabel } from '../utils/batch-label';
import { CheckoutForm, CheckoutLoading } from './checkout-form';

/** No batch, a paid fee or no fee: nothing to pay here, and where to go instead. */
function NothingToPay({ batch }: { batch: BatchData | null }) {
  const { t } = useTranslation('checkout');
  const isPaid = batch?.is_paid ?? false;
  const message = !batch ? t('batchCheckout.noBatch') : isPaid ? t('batchCheckout.paid') : t('batchCheckout.noFee');
  return (
    <>
      <Alert variant={batch?.is_open ? 'success' : 'warning'}>{message}</Alert>
      {isPaid ? (
        <Link to={paths.learn.getHref()} className="btn btn-primary">
          {t('batchCheckout.goToMyCourses')}
        </Link>
      ) : (
        <Link to={paths.courses.getHref()} className="btn btn-primary">
          {t('course.backToCourses')}
        </Link>
      )}
    </>
  );
}

interface BatchCheckoutPageProps {
  /**
   * Wraps the payment form: app/ passes consent's ConsentNeeded, which offers the next step instead while the
   * learner's consent is missing (issue 16).
   */
  ConsentGate: ComponentType<{ children: ReactNode }>;
}

/**
 * Checkout of the learner's batch fee (docs/product/onboarding.md#school-batches): the same offer code, amounts and
 * provider's form as a course, started with POST /first-payment. Offer codes of the batch apply here.
 */
export function BatchCheckoutPage({ ConsentGate }: BatchCheckoutPageProps) {
  const { t } = useTranslation('checkout');
  const batch = useMyBatch();
  const payBatchFee = usePayBatchFee();

  if (batch.isPending) return <CheckoutLoading />;
  if (batch.isError) {
    return (
      <>
        <PageHeader title={t('title')} />
        <LoadError error={batch.error} onRetry={() => batch.refetch()} isRetrying={batch.isFetching} />
      </>
    );
  }
  const item = batch.data;
  if (!item || item.is_open || item.fee <= 0) {
    return (
      <>
        <PageHeader title={t('title')} />
        <NothingToPay batch={item} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} />
      <ConsentGate>
        <CheckoutForm
          name={t('batchCheckout.name', { batch: batchLabel(item) })}
          photoPath={null}
          offerPrice={item.fee}
          target="batch"
          itemKey="batch"
          description={
            item.subjects.length > 0 && (
              <div className="mt-2">
                <p className="text-body-secondary small mb-1">{t('batchCheckout.subjects')}</p>
                <ul className="small mb-0 ps-3">
                  {item.subjects.map((subject) => (
                    <li key={subject.id}>{subject.name}</li>
                  ))}
                </ul>
              </div>
            )
          }
          start={async (offerCode) => (await payBatchFee.mutateAsync({ offer_code: offerCode })).data}
        />
      </ConsentGate>
    </>
  );
}
