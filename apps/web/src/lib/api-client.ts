import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { clearSession, readToken } from './token-storage';
import { messages } from '@app/contracts';
import { currentLanguage, translateAppMessage } from './i18n';

/** The spec's general response envelope. */
export interface ApiResponse<T> {
  status: boolean;
  message: string;
  data: T;
}

export type FieldErrors = Record<string, string[]>;

/** Every failed call: HTTP status (0 when the server could not be reached), message, field errors. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errors: FieldErrors;

  constructor(status: number, message: string, errors: FieldErrors = {}) {
    super(message);
    this.status = status;
    this.errors = errors;
  }

  /** What a form shows (docs/product/validation-and-errors.md#error-statuses): the first field error of a 422, else the message. */
  get displayMessage(): string {
    const first = Object.values(this.errors).find((list) => list.length > 0)?.[0];
    return (this.status === 422 && first) || this.message;
  }
}

export const fallbackErrorMessage = messages.somethingWentWrong;
const offlineMessage = messages.serverUnreachable;

/** What to show for a failed call, in the app's language (the API already answers in it; the app's own texts are translated here). */
export function errorMessage(error: unknown): string {
  return translateAppMessage(error instanceof ApiError ? error.displayMessage : fallbackErrorMessage);
}

export interface AuthRedirects {
  /** 401: the stored session is already cleared. */
  onUnauthorized: () => void;
  /** 417: the email address is not verified yet. */
  onUnverified: () => void;
}

let redirects: AuthRedirects = {
  onUnauthorized: () => window.location.assign(paths.login.getHref()),
  onUnverified: () => window.location.assign(paths.verify.getHref()),
};

/** The app swaps the full-page defaults for router navigation. */
export function setAuthRedirects(next: AuthRedirects): void {
  redirects = next;
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The server sets the XSRF cookie on any response; before the first write, one cheap GET fetches it. */
async function xsrfToken(): Promise<string | null> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing) return existing;
  await fetch(env.xsrfPrimeUrl, { credentials: 'same-origin' }).catch(() => undefined);
  return readCookie(XSRF_COOKIE);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key on a money-moving POST. */
  headers?: Record<string, string>;
  /**
   * Signs the request with this token instead of the stored session's (a sign-in link's token, checked before it
   * is used); a 401 then leaves the stored session alone.
   */
  token?: string;
}

async function parseBody(response: Response): Promise<unknown> {
  if (!response.headers.get('content-type')?.includes('json')) return null;
  return response.json().catch(() => null);
}

/** Authorization and, for writes, the XSRF header. */
async function authHeaders(method: Method, headers: Headers, ownToken?: string): Promise<void> {
  const token = ownToken ?? (await readToken());
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  if (method !== 'GET') {
    const xsrf = await xsrfToken();
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
}

/** The envelope of an answer, or the ApiError of a failed one (with the 401 and 417 redirects). */
function settle<T>(
  status: number,
  parsed: (Partial<ApiResponse<T>> & { errors?: FieldErrors }) | null,
  isStoredSession = true,
): ApiResponse<T> {
  if (status < 200 || status >= 300) {
    const error = new ApiError(status, parsed?.message || fallbackErrorMessage, parsed?.errors ?? {});
    if (!isStoredSession) throw error;
    if (status === 401) {
      clearSession();
      redirects.onUnauthorized();
    } else if (status === 417) {
      redirects.onUnverified();
    }
    throw error;
  }
  return { status: parsed?.status ?? true, message: parsed?.message ?? '', data: parsed?.data as T };
}

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json', 'Accept-Language': currentLanguage() });
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  await authHeaders(method, headers, options.token);

  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, offlineMessage);
  }
  return settle<T>(
    response.status,
    (await parseBody(response)) as (Partial<ApiResponse<T>> & { errors?: FieldErrors }) | null,
    options.token === undefined,
  );
}

export interface UploadOptions {
  /** Bytes of the body sent so far, of its total. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart write through XMLHttpRequest, the one browser API that reports upload progress
 * (fetch does not); otherwise the same headers, envelope and errors as every other call.
 */
async function upload<T>(
  method: 'POST' | 'PUT',
  path: string,
  body: FormData,
  options: UploadOptions = {},
): Promise<ApiResponse<T>> {
  const headers = new Headers({ Accept: 'application/json' });
  await authHeaders(method, headers);
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${env.apiUrl}${path}`);
    xhr.withCredentials = true;
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.total);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, offlineMessage));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // A proxy's HTML error page: the status alone tells what happened.
  }
  return settle<T>(status, parsed as (Partial<ApiResponse<T>> & { errors?: FieldErrors }) | null);
}

/** Typed calls to the API under /live-connect/api; every one resolves to the envelope. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  upload,
};
