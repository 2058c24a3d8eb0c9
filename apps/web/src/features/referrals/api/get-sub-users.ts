import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SubUser, SubUserPage } from '@app/contracts';
import { api } from '@/lib/api-client';

export const SUB_USERS_PER_PAGE = 10;

/** GET /tree: a page of the learner's direct sub-users with one status, newest first. */
export async function getSubUsers(status: SubUser['status'], page: number): Promise<SubUserPage> {
  const query = new URLSearchParams({ status, page: String(page), per_page: String(SUB_USERS_PER_PAGE) });
  const { data } = await api.get<SubUserPage>(`/tree?${query}`);
  return data;
}

export const subUsersQueryOptions = (status: SubUser['status'], page: number) =>
  queryOptions({
    queryKey: ['sub-users', status, page],
    queryFn: () => getSubUsers(status, page),
    placeholderData: keepPreviousData,
  });

export const useSubUsers = (status: SubUser['status'], page: number) => useQuery(subUsersQueryOptions(status, page));
