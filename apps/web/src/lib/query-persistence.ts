import type { Query, QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  removeOldestQuery,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { env } from '@/config/env';
import { KEPT_FOR_MS } from './query';
import { hasToken, storageKeys } from './token-storage';

/**
 * The learner's last-seen pages, kept on the device (decision 029): a page opens with what it showed last time
 * while its fresh data loads, and still opens offline. Only these reads are kept (the first part of their query
 * key); never the operator console, a guardian's page, bank details, quizzes, orders or the consent gate.
 */
const KEPT_QUERIES = new Set([
  'me',
  'ads',
  'continue',
  'learn',
  'batch',
  'level-status',
  'sub-users',
  'transactions',
  'convert-value',
  'courses',
  'categories',
  'course',
  'terms',
  'term-subjects',
  'progress',
  'purchases',
  'profile',
  'master',
  'syllabuses',
  'standards',
  'certificate',
  'legal',
]);

export const isKept = (query: Query): boolean =>
  query.state.status === 'success' && KEPT_QUERIES.has(String(query.queryKey[0]));

/**
 * localStorage, written only while a session is stored: a save throttled before a logout or a 401 runs up to a second
 * later, after clearSession, and would otherwise put the learner's pages back on the device without their session.
 */
const keptWhileSignedIn = {
  getItem: (key: string) => window.localStorage.getItem(key),
  setItem: (key: string, value: string) => {
    if (hasToken()) window.localStorage.setItem(key, value);
  },
  removeItem: (key: string) => window.localStorage.removeItem(key),
};

let persister: Persister | undefined;
const storagePersister = (): Persister =>
  (persister ??= createAsyncStoragePersister({
    storage: keptWhileSignedIn,
    key: storageKeys.pages,
    // One write a second at most: serialising the cache on every fetch would cost a phone's CPU.
    throttleTime: 1_000,
    // A full storage drops the oldest page instead of failing.
    retry: removeOldestQuery,
  }));

const options = (queryClient: QueryClient) => ({
  queryClient,
  persister: storagePersister(),
  // Kept pages from a build with other API shapes are dropped, not drawn.
  buster: env.apiShapes,
  maxAge: KEPT_FOR_MS,
  dehydrateOptions: { shouldDehydrateQuery: isKept },
});

/**
 * Puts the kept pages into the cache, all marked stale: a page draws them at once and fetches its data as
 * if they were not there. Never fails: unreadable kept pages are dropped.
 */
export async function restoreKeptPages(queryClient: QueryClient): Promise<void> {
  try {
    await persistQueryClientRestore(options(queryClient));
  } catch {
    // persistQueryClientRestore has removed what it could not read.
  }
  await queryClient.invalidateQueries({ refetchType: 'none' });
}

/** Keeps the pages from now on; answers the function that stops it. */
export function keepPages(queryClient: QueryClient): () => void {
  return persistQueryClientSubscribe(options(queryClient));
}
