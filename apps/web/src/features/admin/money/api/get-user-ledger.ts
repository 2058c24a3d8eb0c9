import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionsData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /admin/users/{id}/ledger: the user's wallet and a page of its ledger, newest first. */
export async function getUserLedger(userId: number, page: number): Promise<TransactionsData> {
  const { data } = await api.get<TransactionsData>(`/admin/users/${userId}/ledger?page=${page}`);
  return data;
}

export const userLedgerQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: ['admin', 'users', userId, 'ledger', page],
    queryFn: () => getUserLedger(userId, page),
    placeholderData: keepPreviousData,
  });

export const useUserLedger = (userId: number, page: number) => useQuery(userLedgerQueryOptions(userId, page));
