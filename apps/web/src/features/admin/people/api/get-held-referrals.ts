import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HeldReferral, Page } from '@app/contracts';
import { api } from '@/lib/api-client';

export const heldReferralsQueryKey = ['admin', 'held-referrals'] as const;

/** GET /admin/referrals/held: sign-ups the fraud rules held back from their referrer's count. */
export async function getHeldReferrals(page: number): Promise<Page<HeldReferral>> {
  const { data } = await api.get<Page<HeldReferral>>(`/admin/referrals/held?page=${page}`);
  return data;
}

export const heldReferralsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...heldReferralsQueryKey, page],
    queryFn: () => getHeldReferrals(page),
    placeholderData: keepPreviousData,
  });

export const useHeldReferrals = (page: number) => useQuery(heldReferralsQueryOptions(page));
