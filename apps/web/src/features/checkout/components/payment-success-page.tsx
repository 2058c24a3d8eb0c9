import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DocumentTitle } from '@/components/ui/document-title';
import { CheckIcon } from '@/components/ui/icons';
import './checkout.css';

/** After a paid (or free) purchase (spec section 2). */
export function PaymentSuccessPage() {
  return (
    <div className="d-flex flex-column align-items-center text-center py-5">
      <DocumentTitle title="Payment Successful!" />
      <span className="payment-success-icon d-inline-flex align-items-center justify-content-center rounded-circle bg-success text-white mb-3" aria-hidden="true">
        <CheckIcon width="2.5em" height="2.5em" strokeWidth={2.5} />
      </span>
      <h1 className="h3 mb-2">Payment Successful!</h1>
      <p className="text-body-secondary mb-4">Your course is ready in My Courses.</p>
      <Link to={paths.learn.getHref()} className="btn btn-primary">Back to My Course</Link>
    </div>
  );
}
