import type { InvoiceKind } from '@app/contracts';
import type { Env } from '../../env.ts';
import { hmacHex, signaturesMatch } from '../../lib/crypto.ts';

/** How long an invoice link from GET /purchases works. */
export const INVOICE_URL_TTL_SECONDS = 3600;
/** Expiries are rounded up to this step, so links asked for close together are equal. */
const EXPIRY_STEP_SECONDS = 300;

const keyOf = (env: Pick<Env, 'APP_SECRET'>) => hmacHex(env.APP_SECRET, 'invoice-pdf-url');
const payloadOf = (kind: InvoiceKind, purchaseId: number, userId: number, tokenId: number, expiry: number) =>
  `invoice-pdf:${kind}:${purchaseId}:${userId}:${tokenId}:${expiry}`;

const pathOf = (apiPrefix: string, kind: InvoiceKind, purchaseId: number) =>
  `${apiPrefix}/invoices/${purchaseId}${kind === 'credit_note' ? '/credit-note' : ''}/pdf`;

/**
 * A learner's link to one of their tax documents:
 * `<prefix>/invoices/<id>/pdf?u=<user>&t=<session>&e=<expiry>&s=<hmac>`. A plain link or download in the
 * browser cannot send the bearer token (as with chapter files), so the link carries who may open it, the
 * session it was made in and until when; the route checks that the session is still live (the link dies
 * at logout) and that the purchase is theirs.
 */
export function signInvoicePdfUrl(
  env: Pick<Env, 'APP_SECRET'>,
  options: { apiPrefix: string; kind: InvoiceKind; purchaseId: number; userId: number; tokenId: number; now: Date },
): string {
  const { kind, purchaseId, userId, tokenId } = options;
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  const expiry = Math.ceil((nowSeconds + INVOICE_URL_TTL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  const signature = hmacHex(keyOf(env), payloadOf(kind, purchaseId, userId, tokenId, expiry));
  return `${pathOf(options.apiPrefix, kind, purchaseId)}?u=${userId}&t=${tokenId}&e=${expiry}&s=${signature}`;
}

/**
 * The learner and the session a link was signed for, or null when it is forged, altered, for another
 * document, or expired. Whether that session is still live is the caller's check (isSessionLive).
 */
export function verifyInvoicePdfUrl(
  env: Pick<Env, 'APP_SECRET'>,
  options: {
    kind: InvoiceKind;
    purchaseId: number;
    u?: string | undefined;
    t?: string | undefined;
    e?: string | undefined;
    s?: string | undefined;
    now: Date;
  },
): { userId: number; tokenId: number } | null {
  const { u, t, e, s } = options;
  if (!u || !t || !e || !s || !/^\d{1,10}$/.test(u) || !/^\d{1,10}$/.test(t) || !/^\d{1,12}$/.test(e)) return null;
  const [userId, tokenId, expiry] = [Number(u), Number(t), Number(e)];
  if (expiry * 1000 <= options.now.getTime()) return null;
  const expected = hmacHex(keyOf(env), payloadOf(options.kind, options.purchaseId, userId, tokenId, expiry));
  return signaturesMatch(expected, s) ? { userId, tokenId } : null;
}
