import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { CheckoutData, OrderData } from '@app/contracts';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
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
  const { t } = useTranslation('checkout');
  const { inr, date, time } = useFormat();
  return (
    <dl className="order-details card border-0 shadow-sm text-start p-3 mb-3 w-100">
      <div>
        <dt>{order.item === 'batch' ? t('success.batch') : t('success.course')}</dt>
        <dd>{order.name}</dd>
      </div>
      <div>
        <dt>{t('success.amountPaid')}</dt>
        <dd>{inr(order.amount)}</dd>
      </div>
      {/* A free enrolment has no provider order: its purchase number stands in. */}
      <div>
        <dt>{t('success.orderId')}</dt>
        <dd className="font-monospace text-break">{order.order_id ?? `#${order.purchase_id}`}</dd>
      </div>
      {order.paid_at && (
        <div>
          <dt>{t('success.paidOn')}</dt>
          <dd>{t('success.paidAt', { date: date(order.paid_at), time: time(order.paid_at) })}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * After a paid (or free) purchase (docs/product/catalogue-and-checkout.md#success), with the order's details below the spec's texts.
 * `invoiceLink` (from the route: another feature's) shows the GST invoice of the `?order=` purchase.
 */
export function PaymentSuccessPage({ invoiceLink }: { invoiceLink?: (purchaseId: number) => ReactNode } = {}) {
  const { t } = useTranslation('checkout');
  const state = useLocation().state as Partial<ReturnType<typeof successState>> | null;
  const orderId = useOrderId();
  const order = useOrder(orderId);
  const isBatch = (order.data?.item ?? state?.item) === 'batch';
  return (
    <div className="d-flex flex-column align-items-center text-center py-5 mx-auto payment-success">
      <DocumentTitle title={t('success.title')} />
      <span
        className="payment-success-icon d-inline-flex align-items-center justify-content-center rounded-circle bg-success text-white mb-3"
        aria-hidden="true"
      >
        <CheckIcon width="2.5em" height="2.5em" strokeWidth={2.5} />
      </span>
      <h1 className="h3 mb-2">{t('success.title')}</h1>
      <p className="text-body-secondary mb-4">{isBatch ? t('success.batchReady') : t('success.courseReady')}</p>
      {/* Above what loads after it: the order's details would push the button down under a finger already on it. */}
      <Link to={paths.learn.getHref()} className="btn btn-primary mb-4">
        {t('success.back')}
      </Link>
      {orderId !== null && order.isPending && (
        <Spinner animation="border" size="sm" className="mb-4" role="status">
          <span className="visually-hidden">{t('success.loading')}</span>
        </Spinner>
      )}
      {order.isError && (
        <Alert variant="warning" className="w-100">
          {errorMessage(order.error)}
        </Alert>
      )}
      {order.data && order.data.status === 'pending' && (
        <Alert variant="info" className="w-100">
          {t('success.pending')}
        </Alert>
      )}
      {order.data && <OrderDetails order={order.data} />}
      {orderId !== null && order.data && invoiceLink?.(orderId)}
    </div>
  );
}
