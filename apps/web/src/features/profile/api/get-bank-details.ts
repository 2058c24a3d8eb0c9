import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankDetailsData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /bank-details: the account on file with its number masked, or null when there is none. */
export async function getBankDetails(): Promise<BankDetailsData | null> {
  const { data } = await api.get<BankDetailsData | null>('/bank-details');
  return data ?? null;
}

export const bankDetailsQueryKey = ['bank-details'] as const;

export const bankDetailsQueryOptions = () => queryOptions({ queryKey: bankDetailsQueryKey, queryFn: getBankDetails });

export const useBankDetails = () => useQuery(bankDetailsQueryOptions());
