import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation, useSearchParams } from 'react-router';
import { formatIndiaDate, formatIndiaTime, formatInr, type CheckoutData, type OrderData } from '@app/contracts';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { DocumentTitle } from '@/components/ui/document-title';
import { CheckIcon } from '@/components/ui/icons';
import { useOrder } from '../api/get-order';
import './checkout.css';

/** What the checkout hands the success page: what was bought. */
export const successState = (item: CheckoutData['item']) => ({ item });

/** The `?order=` purchase id, or null when there is none (or it is not a number). */
function useOrderId(): number | null {
  const value = Number(useSearchParams()[0].get('order'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** What was bought, what was paid and the order's id, read from the server so a reload keeps them. */
function OrderDetails({ order }: { order: OrderData }) {
  return (
    <dl className="order-details card border-0 shadow-sm text-start p-3 mb-4 w-100">
      <div><dt>{order.item === 'batch' ? 'Batch' : 'Course'}</dt><dd>{order.name}</dd></div>
      <div><dt>Amount paid</dt><dd>{formatInr(order.amount)}</dd></div>
      {/* A free enrolment has no provider order: its purchase number stands in. */}
      <div><dt>Order ID</dt><dd className="font-monospace text-break">{order.order_id ?? `#${order.purchase_id}`}</dd></div>
      {order.paid_at && <div><dt>Paid on</dt><dd>{formatIndiaDate(order.paid_at)}, {formatIndiaTime(order.paid_at)}</dd></div>}
    </dl>
  );
}

/** After a paid (or free) purchase (spec section 2), with the order's details below the spec's texts. */
export function PaymentSuccessPage() {
  const state = useLocation().state as Partial<ReturnType<typeof successState>> | null;
  const orderId = useOrderId();
  const order = useOrder(orderId);
  const isBatch = (order.data?.item ?? state?.item) === 'batch';
  return (
    <div className="d-flex flex-column align-items-center text-center py-5 mx-auto payment-success">
      <DocumentTitle title="Payment Successful!" />
      <span className="payment-success-icon d-inline-flex align-items-center justify-content-center rounded-circle bg-success text-white mb-3" aria-hidden="true">
        <CheckIcon width="2.5em" height="2.5em" strokeWidth={2.5} />
      </span>
      <h1 className="h3 mb-2">Payment Successful!</h1>
      <p className="text-body-secondary mb-4">
        {isBatch ? 'Your batch fee is paid: its subjects are ready in My Courses.' : 'Your course is ready in My Courses.'}
      </p>
      {orderId !== null && order.isPending && (
        <Spinner animation="border" size="sm" className="mb-4" role="status"><span className="visually-hidden">Loading the order…</span></Spinner>
      )}
      {order.isError && <Alert variant="warning" className="w-100">{errorMessage(order.error)}</Alert>}
      {order.data && order.data.status === 'pending' && (
        <Alert variant="info" className="w-100">The payment is being confirmed. It will show in My Courses once the provider confirms it.</Alert>
      )}
      {order.data && <OrderDetails order={order.data} />}
      <Link to={paths.learn.getHref()} className="btn btn-primary">Back to My Course</Link>
    </div>
  );
}
