import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import type { PurchaseHistoryItem } from '@app/contracts';
import { useFormat } from '@/lib/format';
import { PurchaseStatusBadge } from './purchase-status-badge';
import { TaxDocumentLink } from './tax-document-link';

/** One purchase: what, status, amounts, dates, the payment reference and its invoice and credit note. */
export function PurchaseCard({ purchase }: { purchase: PurchaseHistoryItem }) {
  const { t } = useTranslation('purchases');
  const format = useFormat();
  const isFree = purchase.amount === 0;
  return (
    <Card as="li" className="purchase-card border-0 shadow-sm" aria-labelledby={`purchase-${purchase.purchase_id}`}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-2">
          <div className="min-w-0">
            <div className="small text-body-secondary">{t(`item.${purchase.item}`)}</div>
            <h2 id={`purchase-${purchase.purchase_id}`} className="h6 mb-0 purchase-name">
              {purchase.name}
            </h2>
          </div>
          <PurchaseStatusBadge status={purchase.status} />
        </div>
        <dl className="purchase-figures mb-2">
          <div>
            <dt>{t('amount')}</dt>
            <dd className="fw-semibold">{isFree ? t('free') : format.inr(purchase.amount)}</dd>
          </div>
          {purchase.discount > 0 && (
            <>
              <div>
                <dt>{t('price')}</dt>
                <dd>{format.inr(purchase.price)}</dd>
              </div>
              <div>
                <dt>{t('discount')}</dt>
                <dd>−{format.inr(purchase.discount)}</dd>
              </div>
            </>
          )}
        </dl>
        <p className="small text-body-secondary mb-1">
          {purchase.paid_at
            ? t('paidOn', { date: format.date(purchase.paid_at) })
            : t('startedOn', { date: format.date(purchase.created_at) })}
          {purchase.refunded_at && <> · {t('refundedOn', { date: format.date(purchase.refunded_at) })}</>}
        </p>
        {purchase.payment_reference && (
          <p className="small text-body-secondary mb-1 purchase-reference">
            {t('paymentReference')}: <span className="font-monospace">{purchase.payment_reference}</span>
          </p>
        )}
        {purchase.invoice && (
          <p className="small text-body-secondary mb-1">{t('invoice', { number: purchase.invoice.number })}</p>
        )}
        {purchase.credit_note && (
          <p className="small text-body-secondary mb-1">
            {t('creditNoteNumber', { number: purchase.credit_note.number })}
          </p>
        )}
        {!purchase.invoice && purchase.status === 'paid' && isFree && (
          <p className="small text-body-secondary mb-1">{t('noInvoiceFree')}</p>
        )}
        {!purchase.invoice && purchase.status === 'pending' && (
          <p className="small text-body-secondary mb-1">{t('invoiceSoon')}</p>
        )}
        {(purchase.invoice || purchase.credit_note) && (
          <div className="d-flex flex-wrap gap-2 mt-2">
            {purchase.invoice && <TaxDocumentLink document={purchase.invoice} kind="invoice" />}
            {purchase.credit_note && (
              <TaxDocumentLink
                document={purchase.credit_note}
                kind="credit_note"
                className="btn btn-outline-secondary btn-sm"
              />
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
