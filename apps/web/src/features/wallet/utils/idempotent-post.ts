import { api, type ApiResponse } from '@/lib/api-client';

/**
 * A key for one money-moving submission: made when the learner confirms, reused if that same
 * confirmation is retried, so the server moves the money once (docs/product/wallet-and-withdrawals.md#ledger).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain-http hosts have no randomUUID; 128 random bits as hex do the same job.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** POST through the api client with an Idempotency-Key header. */
export function idempotentPost<T>(path: string, body: unknown, idempotencyKey: string): Promise<ApiResponse<T>> {
  return api.post<T>(path, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}
