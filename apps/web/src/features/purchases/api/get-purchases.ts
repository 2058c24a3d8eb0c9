import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchaseHistoryItem } from '@app/contracts';
import { api } from '@/lib/api-client';

export const purchasesQueryKey = ['purchases'] as const;

/** GET /purchases: the learner's purchases, newest first, with signed links to their invoices. */
export async function getPurchases(): Promise<PurchaseHistoryItem[]> {
  const { data } = await api.get<PurchaseHistoryItem[]>('/purchases');
  return data;
}

/** The PDF links in the answer work for an hour: the list is fetched again well before they lapse. */
const LINK_REFRESH_MS = 30 * 60_000;

export const purchasesQueryOptions = () =>
  queryOptions({ queryKey: purchasesQueryKey, queryFn: getPurchases, refetchInterval: LINK_REFRESH_MS });

export const usePurchases = () => useQuery(purchasesQueryOptions());
