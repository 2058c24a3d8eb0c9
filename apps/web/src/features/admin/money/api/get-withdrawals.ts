import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWithdrawal, Page } from '@app/contracts';
import { api } from '@/lib/api-client';
import { queryString } from '../../utils/query-string';

export const withdrawalsQueryKey = ['admin', 'withdrawals'] as const;

export interface WithdrawalsFilter {
  page: number;
  /** Pending, Done or Rejected; '' for all. */
  status?: string;
  user?: string;
}

/** GET /admin/withdrawals */
export async function getWithdrawals(filter: WithdrawalsFilter): Promise<Page<AdminWithdrawal>> {
  const { data } = await api.get<Page<AdminWithdrawal>>(`/admin/withdrawals${queryString({ ...filter })}`);
  return data;
}

export const withdrawalsQueryOptions = (filter: WithdrawalsFilter) =>
  queryOptions({
    queryKey: [...withdrawalsQueryKey, 'list', filter],
    queryFn: () => getWithdrawals(filter),
    placeholderData: keepPreviousData,
  });

export const useWithdrawals = (filter: WithdrawalsFilter) => useQuery(withdrawalsQueryOptions(filter));
