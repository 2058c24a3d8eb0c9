import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  offerCodeRuleOf,
  priceBreakdown,
  rupeesToPaise,
  type CheckoutData,
  type OfferCodeData,
  type OfferCodeTarget,
  type ProviderPaymentResponse,
} from '@app/contracts';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { mediaUrl } from '@/lib/media';
import { notifications } from '@/components/ui/notifications';
import { PageLoading } from '@/components/ui/loading-overlay';
import { isAlreadyBought } from '../utils/already-bought';
import { openRazorpay } from '../utils/razorpay';
import { OfferCodeForm } from './offer-code-form';
import { PriceSummary } from './price-summary';
import { SandboxCheckoutModal } from './sandbox-checkout-modal';
import { successState } from './payment-success-page';
import { usePaymentConfirmation } from './use-payment-confirmation';
import './checkout.css';

const COURSE_PLACEHOLDER = '/images/course-placeholder.svg';

export function CheckoutLoading() {
  const { t } = useTranslation('checkout');
  return <PageLoading label={t('loading')} />;
}

function Busy() {
  const { t } = useTranslation('checkout');
  return (
    <>
      <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
      {t('paying')}
    </>
  );
}

/**
 * In place of 'Pay Now' while the provider's signed answer waits for the server
 * (docs/product/catalogue-and-checkout.md#a-dropped-confirmation). Why it waits comes below the button once a try has
 * failed: above it, it would push the button away under a tap (decision 036).
 */
function PaymentConfirming({
  isSending,
  hasFailed,
  onRetry,
}: {
  isSending: boolean;
  hasFailed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <div className="mt-3">
      <Alert variant="success" role="status" className="mb-2 fw-semibold">
        {t('confirming.title')}
      </Alert>
      <Button variant="outline-primary" size="lg" className="w-100" disabled={isSending} onClick={onRetry}>
        {isSending ? <Busy /> : t('confirming.retry')}
      </Button>
      {hasFailed && <p className="small text-body-secondary mt-2 mb-0">{t('confirming.text')}</p>}
    </div>
  );
}

export interface CheckoutFormProps {
  /** What is being bought, as the page shows it. */
  name: string;
  photoPath: string | null;
  /** Rupees, before any offer code. */
  offerPrice: number;
  /** Shown under the name (e.g. what a batch fee opens). */
  description?: ReactNode;
  /** Starts the purchase on the server: POST /checkout or POST /first-payment. */
  start: (offerCode: string | null) => Promise<CheckoutData>;
  /** What is bought, for the offer code's check. */
  target: OfferCodeTarget;
  /** Names what is bought (`course:7`, `batch`), to find a payment left unconfirmed by a reload. */
  itemKey: string;
}

/**
 * The checkout of one item (docs/product/catalogue-and-checkout.md#checkout): an offer code, the amounts, 'Pay Now', then the
 * provider's form (Razorpay's checkout.js or the sandbox page) and POST /pay-now with what it hands back.
 */
export function CheckoutForm({ name, photoPath, offerPrice, description, start, target, itemKey }: CheckoutFormProps) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const [offerCode, setOfferCode] = useState<OfferCodeData | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  const [sandboxOrder, setSandboxOrder] = useState<CheckoutData | null>(null);

  const breakdown = priceBreakdown(rupeesToPaise(offerPrice), offerCode ? offerCodeRuleOf(offerCode) : null);
  // The purchase id names the order in both flows: a free enrolment has no provider order id.
  const goToSuccess = (order: Pick<CheckoutData, 'purchase_id' | 'item'>) =>
    navigate(paths.success.getHref(order.purchase_id), { replace: true, state: successState(order.item) });
  // The provider's form was closed without paying: start over from a fresh page (docs/product/catalogue-and-checkout.md#checkout).
  const reload = () => window.location.reload();

  // The provider's signed answer stays until the server has answered it: no second Pay Now meanwhile.
  const payment = usePaymentConfirmation({
    itemKey,
    onPaid: goToSuccess,
    onRefused: (error) => {
      // Payment confirmation errors appear in a browser alert (docs/product/catalogue-and-checkout.md#payment-confirmation).
      setIsPaying(false);
      window.alert(errorMessage(error));
    },
  });
  // Both providers' forms end here: Razorpay's handler and the sandbox page's 'success'.
  const confirm = (order: CheckoutData, response: ProviderPaymentResponse) => {
    setSandboxOrder(null);
    payment.confirm(order, response);
  };

  const pay = async () => {
    setIsPaying(true);
    try {
      const order = await start(offerCode?.code ?? null);
      if (!order.payment) {
        await goToSuccess(order);
      } else if (order.provider === 'razorpay') {
        await openRazorpay(order, { success: (response) => confirm(order, response), dismiss: reload });
      } else if (order.provider === 'sandbox' && order.checkout_url) {
        setSandboxOrder(order);
      } else {
        throw new Error(t('errors.unknownProvider'));
      }
    } catch (error) {
      setIsPaying(false);
      // Bought already (a retry after a lost answer): the page, read again, shows it as bought; not an error.
      if (isAlreadyBought(error)) return;
      notifications.error(error instanceof Error && !(error instanceof ApiError) ? error.message : errorMessage(error));
    }
  };

  return (
    <>
      <Card className="border-0 shadow-sm checkout-card">
        <Card.Body className="p-lg-4">
          <div className="row g-4">
            <div className="col-md-5">
              <img
                src={mediaUrl(photoPath) ?? COURSE_PLACEHOLDER}
                onError={(event) => {
                  event.currentTarget.src = COURSE_PLACEHOLDER;
                }}
                alt=""
                className="checkout-image rounded w-100"
              />
              <h2 className="h5 mt-3 mb-0">{name}</h2>
              {description}
            </div>
            <div className="col-md-7">
              <OfferCodeForm
                applied={offerCode}
                onApplied={setOfferCode}
                offerPrice={offerPrice}
                target={target}
                disabled={isPaying || payment.unconfirmed !== null}
              />
              <PriceSummary breakdown={breakdown} />
              {payment.unconfirmed ? (
                <PaymentConfirming
                  isSending={payment.isSending}
                  hasFailed={payment.hasFailed}
                  onRetry={payment.retry}
                />
              ) : (
                <Button
                  variant="primary"
                  size="lg"
                  className="w-100 mt-3"
                  disabled={isPaying}
                  onClick={() => void pay()}
                >
                  {isPaying ? <Busy /> : t('payNow')}
                </Button>
              )}
            </div>
          </div>
        </Card.Body>
      </Card>
      <SandboxCheckoutModal
        checkoutUrl={sandboxOrder?.checkout_url ?? null}
        orderId={sandboxOrder?.order_id ?? null}
        onSuccess={(response) => {
          if (sandboxOrder) confirm(sandboxOrder, response);
        }}
        onDismiss={reload}
      />
    </>
  );
}
