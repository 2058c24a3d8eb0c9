import type { z } from 'zod';
import type { AdminSettings, settingsBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { settingsQueryKey } from '../../api/get-settings';

export type SettingsInput = z.output<typeof settingsBody>;

/** PUT /admin/settings: the rates sent apply from the next request on. */
export const updateSettings = (body: SettingsInput) => api.put<AdminSettings>('/admin/settings', body);

export const useUpdateSettings = () => useInvalidatingMutation(updateSettings, [settingsQueryKey]);
