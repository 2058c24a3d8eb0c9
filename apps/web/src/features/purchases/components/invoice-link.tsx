import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { purchasesQueryOptions } from '../api/get-purchases';
import { TaxDocumentLink } from './tax-document-link';

/** While the payment is being confirmed, the list is asked again this often for the invoice. */
const PENDING_POLL_MS = 4_000;

/**
 * The invoice of one purchase, for the payment success page: nothing until the purchase has one (a
 * free enrolment never does; a payment still being confirmed gets it when it is).
 */
export function InvoiceLink({ purchaseId }: { purchaseId: number }) {
  const { t } = useTranslation('purchases');
  const purchases = useQuery({
    ...purchasesQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.find((p) => p.purchase_id === purchaseId)?.status === 'pending' ? PENDING_POLL_MS : false,
  });
  const invoice = purchases.data?.find((p) => p.purchase_id === purchaseId)?.invoice;
  if (!invoice) return null;
  return (
    <div className="mb-4">
      <p className="small text-body-secondary mb-2">{t('invoice', { number: invoice.number })}</p>
      <TaxDocumentLink document={invoice} kind="invoice" text={t('successInvoice')} />
    </div>
  );
}
