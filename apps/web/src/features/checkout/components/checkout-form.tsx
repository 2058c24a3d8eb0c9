import { useState, type ReactNode } from 'react';
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
  type ProviderPaymentResponse,
  type OfferCodeTarget,
} from '@app/contracts';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { mediaUrl } from '@/lib/media';
import { notifications } from '@/components/ui/notifications';
import { PageLoading } from '@/components/ui/loading-overlay';
import { payNowBodyOf, usePayNow } from '../api/pay-now';
import { openRazorpay } from '../utils/razorpay';
import { OfferCodeForm } from './offer-code-form';
import { PriceSummary } from './price-summary';
import { SandboxCheckoutModal } from './sandbox-checkout-modal';
import { successState } from './payment-success-page';
import './checkout.css';

const COURSE_PLACEHOLDER = '/images/course-placeholder.svg';

export function CheckoutLoading() {
  const { t } = useTranslation('checkout');
  return <PageLoading label={t('loading')} />;
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
}

/**
 * The checkout of one item (docs/product/catalogue-and-checkout.md#checkout): an offer code, the amounts, 'Pay Now', then the
 * provider's form (Razorpay's checkout.js or the sandbox page) and POST /pay-now with what it hands back.
 */
export function CheckoutForm({ name, photoPath, offerPrice, description, start, target }: CheckoutFormProps) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const payNow = usePayNow();
  const [offerCode, setOfferCode] = useState<OfferCodeData | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  const [sandboxOrder, setSandboxOrder] = useState<CheckoutData | null>(null);

  const breakdown = priceBreakdown(rupeesToPaise(offerPrice), offerCode ? offerCodeRuleOf(offerCode) : null);
  // The purchase id names the order in both flows: a free enrolment has no provider order id.
  const goToSuccess = (order: CheckoutData) =>
    navigate(paths.success.getHref(order.purchase_id), { replace: true, state: successState(order.item) });
  // The provider's form was closed without paying: start over from a fresh page (docs/product/catalogue-and-checkout.md#checkout).
  const reload = () => window.location.reload();

  const confirm = async (order: CheckoutData, response: ProviderPaymentResponse) => {
    try {
      await payNow.mutateAsync(payNowBodyOf(response));
      setSandboxOrder(null);
      await goToSuccess(order);
    } catch (error) {
      // Payment confirmation errors appear in a browser alert (docs/product/catalogue-and-checkout.md#payment-confirmation).
      setSandboxOrder(null);
      setIsPaying(false);
      window.alert(errorMessage(error));
    }
  };

  const pay = async () => {
    setIsPaying(true);
    try {
      const order = await start(offerCode?.code ?? null);
      if (!order.payment) {
        await goToSuccess(order);
      } else if (order.provider === 'razorpay') {
        await openRazorpay(order, { success: (response) => void confirm(order, response), dismiss: reload });
      } else if (order.provider === 'sandbox' && order.checkout_url) {
        setSandboxOrder(order);
      } else {
        throw new Error(t('errors.unknownProvider'));
      }
    } catch (error) {
      setIsPaying(false);
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
                disabled={isPaying}
              />
              <PriceSummary breakdown={breakdown} />
              <Button variant="primary" size="lg" className="w-100 mt-3" disabled={isPaying} onClick={() => void pay()}>
                {isPaying ? (
                  <>
                    <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
                    {t('paying')}
                  </>
                ) : (
                  t('payNow')
                )}
              </Button>
            </div>
          </div>
        </Card.Body>
      </Card>
      <SandboxCheckoutModal
        checkoutUrl={sandboxOrder?.checkout_url ?? null}
        orderId={sandboxOrder?.order_id ?? null}
        onSuccess={(response) => {
          if (sandboxOrder) void confirm(sandboxOrder, response);
        }}
        onDismiss={reload}
      />
    </>
  );
}
