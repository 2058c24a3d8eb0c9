import { PaymentSuccessPage } from '@/features/checkout/components/payment-success-page';

export default function Route() {
  return <PaymentSuccessPage />;
}
