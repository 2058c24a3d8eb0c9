import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /legal (public): the operator, contact and grievance officer from the server's configuration. */
export const legalQueryOptions = () =>
  queryOptions({
    queryKey: ['legal'],
    queryFn: async () => (await api.get<LegalData>('/legal')).data,
    staleTime: 60 * 60_000,
  });

export const useLegal = () => useQuery(legalQueryOptions());
