import Alert from 'react-bootstrap/Alert';
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
  const isPaid = batch?.is_paid ?? false;
  const message = !batch
    ? 'You have no school batch, so there is no batch fee to pay.'
    : isPaid
      ? 'Your batch fee is paid. Its subjects are in My Courses.'
      : 'Your batch has no fee: its subjects are already open.';
  return (
    <>
      <Alert variant={batch?.is_open ? 'success' : 'warning'}>{message}</Alert>
      {isPaid
        ? <Link to={paths.learn.getHref()} className="btn btn-primary">Go to My Courses</Link>
        : <Link to={paths.courses.getHref()} className="btn btn-primary">Back to Courses</Link>}
    </>
  );
}

/**
 * Checkout of the learner's batch fee (server-rules "School batches"): the same offer code, amounts and
 * provider's form as a course, started with POST /first-payment. Offer codes of the batch apply here.
 */
export function BatchCheckoutPage() {
  const batch = useMyBatch();
  const payBatchFee = usePayBatchFee();

  if (batch.isPending) return <CheckoutLoading />;
  if (batch.isError) {
    return (
      <>
        <PageHeader title="Checkout" />
        <LoadError error={batch.error} onRetry={() => batch.refetch()} isRetrying={batch.isFetching} />
      </>
    );
  }
  const item = batch.data;
  if (!item || item.is_open || item.fee <= 0) {
    return (
      <>
        <PageHeader title="Checkout" />
        <NothingToPay batch={item} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Checkout" />
      <CheckoutForm
        name={`Batch fee: ${batchLabel(item)}`}
        photoPath={null}
        offerPrice={item.fee}
        target="batch"
        description={item.subjects.length > 0 && (
          <div className="mt-2">
            <p className="text-body-secondary small mb-1">One fee opens every subject of your batch:</p>
            <ul className="small mb-0 ps-3">
              {item.subjects.map((subject) => <li key={subject.id}>{subject.name}</li>)}
            </ul>
          </div>
        )}
        start={async (offerCode) => (await payBatchFee.mutateAsync({ offer_code: offerCode })).data}
      />
    </>
  );
}
