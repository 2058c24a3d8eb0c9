import { PageHeader } from '@/components/ui/page-header';

/** Payment Successful!: a later issue builds this screen (spec section 2). */
export function PaymentSuccessPage() {
  return <PageHeader title="Payment Successful!" />;
}
