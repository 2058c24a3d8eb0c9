export { addInvoice, type InvoicedPurchase } from './add-invoice.ts';
export { verifyInvoicePdfUrl } from './invoice-pdf-url.ts';
export { issueCreditNote } from './issue-credit-note.ts';
export { listPurchaseHistory } from './list-purchase-history.ts';
export { takeDocumentSequence } from './next-document-sequence.ts';
export { renderInvoicePdf } from './render-invoice-pdf.ts';
