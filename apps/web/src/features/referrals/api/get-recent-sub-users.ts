import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubUser } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /recent/tree: the 10 most recent direct sub-users. */
export async function getRecentSubUsers(): Promise<SubUser[]> {
  const { data } = await api.get<SubUser[]>('/recent/tree');
  return data;
}

export const recentSubUsersQueryOptions = () =>
  queryOptions({ queryKey: ['sub-users', 'recent'], queryFn: getRecentSubUsers });

export const useRecentSubUsers = () => useQuery(recentSubUsersQueryOptions());
