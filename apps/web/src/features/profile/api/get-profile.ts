import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /profile: every profile field (docs/product/profile.md#personal-information), with points, balance and the referral code. */
export async function getProfile(): Promise<ProfileData> {
  const { data } = await api.get<ProfileData>('/profile');
  return data;
}

export const profileQueryKey = ['profile'] as const;

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
