import { useTranslation } from 'react-i18next';
import type { TaxDocument } from '@app/contracts';
import { DownloadIcon } from '@/components/ui/icons';

/**
 * A link to an invoice or credit note PDF. pdf_url is a short-lived signed link (a plain link cannot
 * send the bearer token), so it opens in the browser's PDF viewer, or downloads, like any file.
 */
export function TaxDocumentLink({
  document,
  kind,
  className = 'btn btn-outline-primary btn-sm',
  text,
}: {
  document: TaxDocument;
  kind: 'invoice' | 'credit_note';
  className?: string;
  /** The visible text, when not 'Download invoice' or 'Credit note'. */
  text?: string;
}) {
  const { t } = useTranslation('purchases');
  const label =
    kind === 'invoice'
      ? t('downloadInvoiceLabel', { number: document.number })
      : t('downloadCreditNoteLabel', { number: document.number });
  return (
    <a href={document.pdf_url} className={className} target="_blank" rel="noopener" aria-label={label}>
      <DownloadIcon className="me-1" />
      {text ?? (kind === 'invoice' ? t('downloadInvoice') : t('creditNote'))}
    </a>
  );
}
