import { env } from '@/config/env';
import { ApiError } from '@/lib/api-client';
import { readToken } from '@/lib/token-storage';

export type TaxDocumentKind = 'invoice' | 'credit_note';

/**
 * GET /admin/invoices/{purchase_id}/pdf (or …/credit-note/pdf) with the operator's bearer token, saved
 * as a file: a plain link could not send the token, and the console is desktop-first, where a blob
 * download works everywhere (the learner's app uses signed links instead; decision 023).
 */
export async function downloadInvoicePdf(purchaseId: number, kind: TaxDocumentKind, fileName: string): Promise<void> {
  const token = await readToken();
  const path = `/admin/invoices/${purchaseId}${kind === 'credit_note' ? '/credit-note' : ''}/pdf`;
  const response = await fetch(`${env.apiUrl}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? 'The PDF could not be loaded.');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName.replace(/[^\w.-]+/g, '-')}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
