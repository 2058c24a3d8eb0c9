import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { adsQueryKey } from './get-ads';

/** DELETE /admin/ads/{id} */
export const deleteAd = (id: number) => api.delete<null>(`/admin/ads/${id}`);

export const useDeleteAd = () => useInvalidatingMutation(deleteAd, [adsQueryKey]);
