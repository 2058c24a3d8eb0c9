import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '@app/contracts';
import { api } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export const userQueryKey = (id: number) => [...usersQueryKey, id, 'detail'] as const;

/** GET /admin/users/{id}: profile, roles, referrer, purchases, level, sub-users and wallet. */
export async function getUser(id: number): Promise<AdminUserDetail> {
  const { data } = await api.get<AdminUserDetail>(`/admin/users/${id}`);
  return data;
}

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userQueryKey(id), queryFn: () => getUser(id) });

export const useUser = (id: number) => useQuery(userQueryOptions(id));
