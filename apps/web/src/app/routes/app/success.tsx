import { PaymentSuccessPage } from '@/features/checkout/components/payment-success-page';
import { InvoiceLink } from '@/features/purchases/components/invoice-link';

export default function Route() {
  return <PaymentSuccessPage invoiceLink={(purchaseId) => <InvoiceLink purchaseId={purchaseId} />} />;
}
