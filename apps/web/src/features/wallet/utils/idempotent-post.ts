import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ApiError, fallbackErrorMessage, type ApiResponse, type FieldErrors } from '@/lib/api-client';
import { clearSession, readToken } from '@/lib/token-storage';

/**
 * A key for one money-moving submission: made when the learner confirms, reused if that same
 * confirmation is retried, so the server moves the money once (server-rules "Wallet").
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain-http hosts have no randomUUID; 128 random bits as hex do the same job.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const XSRF_COOKIE = 'XSRF-TOKEN';

function readXsrfCookie(): string | null {
  const entry = document.cookie.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${XSRF_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(XSRF_COOKIE.length + 1)) : null;
}

/**
 * POST with an Idempotency-Key header. The api client takes no extra headers, so this repeats
 * its few rules: Bearer token, X-XSRF-TOKEN (fetched once if the cookie is missing), the
 * envelope, ApiError, and 401 → /login, 417 → /verify.
 */
export async function idempotentPost<T>(path: string, body: unknown, idempotencyKey: string): Promise<ApiResponse<T>> {
  const headers = new Headers({
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Idempotency-Key': idempotencyKey,
  });
  const token = await readToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  let xsrf = readXsrfCookie();
  if (!xsrf) {
    await fetch(env.xsrfPrimeUrl, { credentials: 'same-origin' }).catch(() => undefined);
    xsrf = readXsrfCookie();
  }
  if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);

  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}${path}`, {
      method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const parsed = response.headers.get('content-type')?.includes('json')
    ? ((await response.json().catch(() => null)) as (Partial<ApiResponse<T>> & { errors?: FieldErrors }) | null)
    : null;
  if (!response.ok) {
    if (response.status === 401) {
      clearSession();
      window.location.assign(paths.login.getHref());
    } else if (response.status === 417) {
      window.location.assign(paths.verify.getHref());
    }
    throw new ApiError(response.status, parsed?.message || fallbackErrorMessage, parsed?.errors ?? {});
  }
  return { status: parsed?.status ?? true, message: parsed?.message ?? '', data: parsed?.data as T };
}
