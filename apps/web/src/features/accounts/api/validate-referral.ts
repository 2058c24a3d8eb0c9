import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralUser } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /reference-user-validate: the referrer behind a registration link (email and mobile masked). */
export async function validateReferral(code: string): Promise<ReferralUser> {
  const { data } = await api.post<ReferralUser>('/reference-user-validate', { reference_user: code });
  return data;
}

export const referralQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['referral', code.toUpperCase()],
    queryFn: () => validateReferral(code),
    staleTime: Infinity,
  });

export const useReferral = (code: string | undefined) =>
  useQuery({ ...referralQueryOptions(code ?? ''), enabled: Boolean(code) });
