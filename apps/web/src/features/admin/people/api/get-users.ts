import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserRow, Page } from '@app/contracts';
import { api } from '@/lib/api-client';
import { queryString } from '../../utils/query-string';

export const usersQueryKey = ['admin', 'users'] as const;

/** GET /admin/users?q=: q matches the name, email, mobile or referral code. */
export async function getUsers(filter: { page: number; q?: string }): Promise<Page<AdminUserRow>> {
  const { data } = await api.get<Page<AdminUserRow>>(`/admin/users${queryString({ ...filter })}`);
  return data;
}

export const usersQueryOptions = (filter: { page: number; q?: string }) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'search', filter],
    queryFn: () => getUsers(filter),
    placeholderData: keepPreviousData,
  });

export const useUsers = (filter: { page: number; q?: string }) => useQuery(usersQueryOptions(filter));
