import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { offerCodesQueryKey } from './get-offer-codes';

/** DELETE /admin/offer-codes/{id}: refused (400) once used; switch it off instead. */
export const deleteOfferCode = (id: number) => api.delete<null>(`/admin/offer-codes/${id}`);

export const useDeleteOfferCode = () => useInvalidatingMutation(deleteOfferCode, [offerCodesQueryKey]);
