import { PageHeader } from '@/components/ui/page-header';

/** Checkout: a later issue builds this screen (spec section 2). */
export function CheckoutPage() {
  return <PageHeader title="Checkout" />;
}
