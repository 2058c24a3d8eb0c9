import { useSyncExternalStore } from 'react';
import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * A 4xx answer will not change on a second try; network and server errors get two more, except
 * while the browser is offline: the page then says so at once instead of after the back-off.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (!navigator.onLine) return false;
  return failureCount < 2;
}

/** How long the learner's last-seen pages stay usable on the device (lib/query-persistence.ts): till the next day. */
export const KEPT_FOR_MS = 24 * 60 * 60_000;

export const queryConfig = {
  queries: {
    retry: shouldRetry,
    refetchOnWindowFocus: false,
    staleTime: 60_000,
    // An unused query stays as long as the device keeps it (lib/query-persistence.ts), so a page visited this
    // morning is still kept this evening.
    gcTime: KEPT_FOR_MS,
    // Queries run even offline: React Query's default ('online') pauses them, and a page with no data
    // yet would spin until the connection comes back. Failing instead lets every page show its error
    // and a Retry (components/ui/load-error); queries that failed refetch on reconnect anyway.
    // Local queries (the offline downloads in IndexedDB) must run offline too.
    networkMode: 'always',
    // A failed query is not fetched again just because another component using it mounts: a screen that
    // shows a spinner while pending and mounts users of the same query once failed (the app shell and GET
    // /me) would otherwise loop, as a new fetch puts a query without data back to pending. Retry and
    // reconnecting fetch it again.
    retryOnMount: false,
  },
  // Same for writes: offline, a button fails with 'Could not reach the server' instead of staying busy
  // until the connection returns. (Progress reports queue themselves: features/learning/api/record-progress.)
  mutations: { retry: false, networkMode: 'always' },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

export const queryClient = createQueryClient();

/** The browser's own online flag and its events. (React Query's onlineManager starts out online even on a page loaded offline.) */
function subscribeToOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser is online. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeToOnline, () => navigator.onLine);
}
