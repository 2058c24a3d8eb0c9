import { CheckoutPage } from '@/features/checkout/components/checkout-page';

export default function Route() {
  return <CheckoutPage />;
}
