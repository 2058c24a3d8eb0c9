import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useParams } from 'react-router';
import {
  offerCodeRuleOf, priceBreakdown, rupeesToPaise, type CheckoutData, type OfferCodeData, type ProviderPaymentResponse,
} from '@app/contracts';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { mediaUrl } from '@/lib/media';
import { notifications } from '@/components/ui/notifications';
import { PageHeader } from '@/components/ui/page-header';
import { useCourse } from '../api/get-course';
import { payNowBodyOf, usePayNow } from '../api/pay-now';
import { useStartCheckout } from '../api/start-checkout';
import { openRazorpay } from '../utils/razorpay';
import { OfferCodeForm } from './offer-code-form';
import { PriceSummary } from './price-summary';
import { SandboxCheckoutModal } from './sandbox-checkout-modal';
import './checkout.css';

export const payingLabel = 'Please wait few seconds....';
const COURSE_PLACEHOLDER = '/images/course-placeholder.svg';

/** Checkout (spec sections 2 and 4): the course, an offer code, the amounts, and the provider's form. */
export function CheckoutPage() {
  const courseId = Number(useParams().course);
  const navigate = useNavigate();
  const course = useCourse(courseId);
  const startCheckout = useStartCheckout();
  const payNow = usePayNow();
  const [offerCode, setOfferCode] = useState<OfferCodeData | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  const [sandboxOrder, setSandboxOrder] = useState<CheckoutData | null>(null);

  if (course.isPending && course.fetchStatus !== 'idle') {
    return <div className="text-center py-5"><Spinner animation="border" variant="primary" role="status"><span className="visually-hidden">Loading…</span></Spinner></div>;
  }
  if (!course.data) {
    const isMissing = !course.error || (course.error instanceof ApiError && (course.error.status === 404 || course.error.status === 422));
    return (
      <>
        <PageHeader title="Checkout" />
        <Alert variant={isMissing ? 'warning' : 'danger'}>{isMissing ? 'This course does not exist.' : errorMessage(course.error)}</Alert>
        <Link to={paths.courses.getHref()} className="btn btn-primary">Back to Courses</Link>
      </>
    );
  }

  const item = course.data;
  const breakdown = priceBreakdown(rupeesToPaise(item.offer_price), offerCode ? offerCodeRuleOf(offerCode) : null);
  const goToSuccess = () => navigate(paths.success.getHref(), { replace: true });
  // The provider's form was closed without paying: start over from a fresh page (spec section 4).
  const reload = () => window.location.reload();

  const confirm = async (response: ProviderPaymentResponse) => {
    try {
      await payNow.mutateAsync(payNowBodyOf(response));
      setSandboxOrder(null);
      await goToSuccess();
    } catch (error) {
      // Spec section 8: payment confirmation errors appear in a browser alert.
      setSandboxOrder(null);
      setIsPaying(false);
      window.alert(errorMessage(error));
    }
  };

  const pay = async () => {
    setIsPaying(true);
    try {
      const { data } = await startCheckout.mutateAsync({ course_id: item.id, offer_code: offerCode?.code ?? null });
      if (!data.payment) {
        await goToSuccess();
      } else if (data.provider === 'razorpay') {
        await openRazorpay(data, { success: (response) => void confirm(response), dismiss: reload });
      } else if (data.provider === 'sandbox' && data.checkout_url) {
        setSandboxOrder(data);
      } else {
        throw new Error('Unknown payment provider.');
      }
    } catch (error) {
      setIsPaying(false);
      notifications.error(error instanceof Error && !(error instanceof ApiError) ? error.message : errorMessage(error));
    }
  };

  return (
    <>
      <PageHeader title="Checkout" />
      <Card className="border-0 shadow-sm checkout-card">
        <Card.Body className="p-lg-4">
          <div className="row g-4">
            <div className="col-md-5">
              <img
                src={mediaUrl(item.photo_path) ?? COURSE_PLACEHOLDER}
                onError={(event) => { event.currentTarget.src = COURSE_PLACEHOLDER; }}
                alt=""
                className="checkout-image rounded w-100"
              />
              <h2 className="h5 mt-3 mb-0">{item.name}</h2>
            </div>
            <div className="col-md-7">
              <OfferCodeForm applied={offerCode} onApplied={setOfferCode} offerPrice={item.offer_price} disabled={isPaying} />
              <PriceSummary breakdown={breakdown} />
              <Button variant="primary" size="lg" className="w-100 mt-3" disabled={isPaying} onClick={() => void pay()}>
                {isPaying ? (
                  <>
                    <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
                    {payingLabel}
                  </>
                ) : 'Pay Now'}
              </Button>
            </div>
          </div>
        </Card.Body>
      </Card>
      <SandboxCheckoutModal
        checkoutUrl={sandboxOrder?.checkout_url ?? null}
        orderId={sandboxOrder?.order_id ?? null}
        onSuccess={(response) => void confirm(response)}
        onDismiss={reload}
      />
    </>
  );
}
