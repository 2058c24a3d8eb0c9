import { Link, useLocation } from 'react-router';
import type { CheckoutData } from '@app/contracts';
import { paths } from '@/config/paths';
import { DocumentTitle } from '@/components/ui/document-title';
import { CheckIcon } from '@/components/ui/icons';
import './checkout.css';

/** What the checkout hands the success page: what was bought. */
export const successState = (item: CheckoutData['item']) => ({ item });

/** After a paid (or free) purchase (spec section 2). */
export function PaymentSuccessPage() {
  const state = useLocation().state as Partial<ReturnType<typeof successState>> | null;
  const isBatch = state?.item === 'batch';
  return (
    <div className="d-flex flex-column align-items-center text-center py-5">
      <DocumentTitle title="Payment Successful!" />
      <span className="payment-success-icon d-inline-flex align-items-center justify-content-center rounded-circle bg-success text-white mb-3" aria-hidden="true">
        <CheckIcon width="2.5em" height="2.5em" strokeWidth={2.5} />
      </span>
      <h1 className="h3 mb-2">Payment Successful!</h1>
      <p className="text-body-secondary mb-4">
        {isBatch ? 'Your batch fee is paid: its subjects are ready in My Courses.' : 'Your course is ready in My Courses.'}
      </p>
      <Link to={paths.learn.getHref()} className="btn btn-primary">Back to My Course</Link>
    </div>
  );
}
