import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '@app/contracts';
import { api } from '@/lib/api-client';

export const settingsQueryKey = ['admin', 'settings'] as const;

/** GET /admin/settings: the business rates (money in rupees); the settings page edits them, others read one (the questions page: quiz_max_attempts). */
export async function getSettings(): Promise<AdminSettings> {
  const { data } = await api.get<AdminSettings>('/admin/settings');
  return data;
}

export const settingsQueryOptions = () => queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });

export const useSettings = () => useQuery(settingsQueryOptions());
