import { downloadFile } from '../../api/download-file';

export type TaxDocumentKind = 'invoice' | 'credit_note';

/** GET /admin/invoices/{purchase_id}/pdf (or …/credit-note/pdf), saved as `{fileName}.pdf`. */
export function downloadInvoicePdf(purchaseId: number, kind: TaxDocumentKind, fileName: string): Promise<void> {
  const path = `/admin/invoices/${purchaseId}${kind === 'credit_note' ? '/credit-note' : ''}/pdf`;
  return downloadFile(path, `${fileName.replace(/[^\w.-]+/g, '-')}.pdf`);
}
