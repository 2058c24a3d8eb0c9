import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient, KEPT_FOR_MS } from './query';
import { keepPages, restoreKeptPages } from './query-persistence';
import { clearSession, storageKeys } from './token-storage';

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** A learner's session that has shown these pages; `keptCount` of them are then kept on the device. */
async function visited(pages: [readonly unknown[], unknown][], keptCount = pages.length): Promise<QueryClient> {
  localStorage.setItem(storageKeys.token, 'the sealed token');
  const client = createQueryClient();
  stops.push(keepPages(client));
  for (const [key, data] of pages) client.setQueryData(key, data);
  // Saving is throttled to one write a second.
  await waitFor(() => expect(kept()).toHaveLength(keptCount), { timeout: 3_000 });
  return client;
}

const kept = (): unknown[] => {
  const stored = localStorage.getItem(storageKeys.pages);
  return stored ? (JSON.parse(stored) as { clientState: { queries: unknown[] } }).clientState.queries : [];
};

/** The next visit: a new app on the same device. */
async function nextVisit(): Promise<QueryClient> {
  const client = createQueryClient();
  await restoreKeptPages(client);
  return client;
}

const me = { first_name: 'Asha', email: 'asha@example.com' };
const ledger = { balance: 120.5, points: 40, transactions: [] };

describe("the learner's last-seen pages on the device", () => {
  it('come back on the next visit, marked stale so every page fetches its data anyway', async () => {
    await visited([
      [['me'], me],
      [['transactions', 1], ledger],
    ]);
    const client = await nextVisit();
    expect(client.getQueryData(['me'])).toEqual(me);
    expect(client.getQueryData(['transactions', 1])).toEqual(ledger);
    expect(client.getQueryState(['me'])?.isInvalidated).toBe(true);
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['transactions', 1] })
        ?.isStale(),
    ).toBe(true);
  });

  it('never keep bank details, quizzes, orders, the consent gate, a guardian’s page or the operator console', async () => {
    await visited(
      [
        [['me'], me],
        [['bank-details'], { account_number: '********9012' }],
        [['quiz', 3, 1], { question: 'What is 2 + 2?' }],
        [['orders', 7], { status: 'pending' }],
        [['consent'], { required: true }],
        [['guardian', 'token'], { child: 'Asha' }],
        [['admin', 'users', 'search', {}], { data: [me] }],
      ],
      1,
    );
    const client = await nextVisit();
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([['me']]);
  });

  it('are gone after logout', async () => {
    await visited([[['me'], me]]);
    clearSession();
    expect(localStorage.getItem(storageKeys.pages)).toBeNull();
    expect((await nextVisit()).getQueryData(['me'])).toBeUndefined();
  });

  it('stay gone after logout when a save was still waiting for its turn', async () => {
    const client = await visited([[['me'], me]]);
    // A page's answer arrives just before the logout: its save waits out the second since the last one.
    client.setQueryData(['transactions', 1], ledger);
    clearSession();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(localStorage.getItem(storageKeys.pages)).toBeNull();
  });

  it('are dropped a day later, from a build with other API shapes, or when unreadable', async () => {
    const stored = (timestamp: number, buster: string) =>
      JSON.stringify({
        timestamp,
        buster,
        clientState: {
          mutations: [],
          queries: [
            {
              queryKey: ['me'],
              queryHash: '["me"]',
              state: { data: me, dataUpdatedAt: timestamp, status: 'success', fetchStatus: 'idle' },
            },
          ],
        },
      });
    // The library says in the console why it dropped what it could not read.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(storageKeys.pages, stored(Date.now() - 60_000, 'development'));
    expect((await nextVisit()).getQueryData(['me'])).toEqual(me);

    for (const text of [
      stored(Date.now() - KEPT_FOR_MS - 60_000, 'development'),
      stored(Date.now() - 60_000, 'another-build'),
      '{not json',
    ]) {
      localStorage.setItem(storageKeys.pages, text);
      expect((await nextVisit()).getQueryData(['me'])).toBeUndefined();
      expect(localStorage.getItem(storageKeys.pages)).toBeNull();
    }
  });
});
