import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOfferCode, Page } from '@app/contracts';
import { api } from '@/lib/api-client';
import { queryString } from '../../utils/query-string';

export const offerCodesQueryKey = ['admin', 'offer-codes'] as const;

export interface OfferCodesFilter {
  page: number;
  q?: string;
  is_active?: string;
}

/** GET /admin/offer-codes: the codes with their use counts, a page at a time. */
export async function getOfferCodes(filter: OfferCodesFilter): Promise<Page<AdminOfferCode>> {
  const { data } = await api.get<Page<AdminOfferCode>>(`/admin/offer-codes${queryString({ ...filter })}`);
  return data;
}

export const offerCodesQueryOptions = (filter: OfferCodesFilter) =>
  queryOptions({
    queryKey: [...offerCodesQueryKey, filter],
    queryFn: () => getOfferCodes(filter),
    placeholderData: keepPreviousData,
  });

export const useOfferCodes = (filter: OfferCodesFilter) => useQuery(offerCodesQueryOptions(filter));
