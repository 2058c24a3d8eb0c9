import type { QueryClient } from '@tanstack/react-query';
import { ApiError, type RequestOptions } from '@/lib/api-client';

/**
 * A key for one submission that must not happen twice (money moved, a password changed): made when the learner
 * submits, reused if that same submission is retried, so the server acts once and replays its first answer
 * (docs/product/wallet-and-withdrawals.md#a-lost-answer, docs/product/profile.md#password).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain-http hosts have no randomUUID; 128 random bits as hex do the same job.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The api client's options that send an Idempotency-Key header. */
export function withIdempotencyKey(idempotencyKey: string): RequestOptions {
  return { headers: { 'Idempotency-Key': idempotencyKey } };
}

/**
 * Whether a failed request may have done its work all the same: no answer arrived (status 0: the request may have
 * reached the server and its answer been lost), a proxy or the server failed (a 502/504 can come after the commit),
 * or the first request with this key is still running (409).
 */
export function isAnswerLost(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 409 || error.status >= 500);
}

/** One submission: what it asks (an amount, a form's values) and its Idempotency-Key. */
export type Attempt<Request extends object> = Request & { key: string };

/**
 * The last submission of each form whose answer never came (decision 052, 061). In memory, for as long as the app
 * is open: a reload reads the data afresh anyway, and the server keeps each key with its first answer, so a key
 * reused later replays that answer. Kept beside the app's query client (each test's app has its own).
 */
const unansweredByApp = new WeakMap<QueryClient, Map<string, Attempt<object>>>();

function unansweredOf(queryClient: QueryClient): Map<string, Attempt<object>> {
  let unanswered = unansweredByApp.get(queryClient);
  if (!unanswered) {
    unanswered = new Map();
    unansweredByApp.set(queryClient, unanswered);
  }
  return unanswered;
}

/** JSON with sorted keys, so the same values typed in another order compare equal. */
function requestOf(attempt: object): string {
  const entries = Object.entries(attempt).filter(([name]) => name !== 'key');
  return JSON.stringify(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/** The form's submission whose answer was lost, if any (a form keeps one shape of request). */
export function unansweredAttempt<Request extends object>(
  queryClient: QueryClient,
  form: string,
): Attempt<Request> | undefined {
  return unansweredOf(queryClient).get(form) as Attempt<Request> | undefined;
}

/** The attempt a submission starts: the unanswered one's key when it asks the same, so the server replays it. */
export function attemptFor<Request extends object>(
  queryClient: QueryClient,
  form: string,
  request: Request,
): Attempt<Request> {
  const lost = unansweredOf(queryClient).get(form);
  if (lost && requestOf(lost) === requestOf(request)) return { ...request, key: lost.key };
  return { ...request, key: newIdempotencyKey() };
}

/** After a request: kept while its answer is lost, forgotten once the server has answered it. */
export function settleAttempt<Request extends object>(
  queryClient: QueryClient,
  form: string,
  attempt: Attempt<Request>,
  error: unknown,
): void {
  const unanswered = unansweredOf(queryClient);
  if (error !== null && isAnswerLost(error)) unanswered.set(form, attempt);
  else if (unanswered.get(form)?.key === attempt.key) unanswered.delete(form);
}
