import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionsData } from '@app/contracts';
import { api } from '@/lib/api-client';

export const TRANSACTIONS_PER_PAGE = 20;

/** GET /transactions: points, balance and a page of the ledger, newest first. */
export async function getTransactions(page: number): Promise<TransactionsData> {
  const { data } = await api.get<TransactionsData>(`/transactions?page=${page}&per_page=${TRANSACTIONS_PER_PAGE}`);
  return data;
}

export const transactionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['transactions', page],
    queryFn: () => getTransactions(page),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (page: number) => useQuery(transactionsQueryOptions(page));
