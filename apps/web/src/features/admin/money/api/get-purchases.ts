import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPurchase, Page } from '@app/contracts';
import { api } from '@/lib/api-client';
import { queryString } from '../../utils/query-string';

export const purchasesQueryKey = ['admin', 'purchases'] as const;

export interface PurchasesFilter {
  page: number;
  status?: string;
  /** A user id, part of an email, or a referral code. */
  user?: string;
}

/** GET /admin/purchases: newest first, with their payment status. */
export async function getPurchases(filter: PurchasesFilter): Promise<Page<AdminPurchase>> {
  const { data } = await api.get<Page<AdminPurchase>>(`/admin/purchases${queryString({ ...filter })}`);
  return data;
}

export const purchasesQueryOptions = (filter: PurchasesFilter) =>
  queryOptions({
    queryKey: [...purchasesQueryKey, filter],
    queryFn: () => getPurchases(filter),
    placeholderData: keepPreviousData,
  });

export const usePurchases = (filter: PurchasesFilter) => useQuery(purchasesQueryOptions(filter));
