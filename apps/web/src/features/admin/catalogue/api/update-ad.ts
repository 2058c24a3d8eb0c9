import type { AdminAd } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { adsQueryKey } from './get-ads';

/** PUT /admin/ads/{id}: here, switching it on or off. */
export const updateAd = ({ id, is_active }: { id: number; is_active: boolean }) =>
  api.put<AdminAd>(`/admin/ads/${id}`, { is_active });

export const useUpdateAd = () => useInvalidatingMutation(updateAd, [adsQueryKey]);
