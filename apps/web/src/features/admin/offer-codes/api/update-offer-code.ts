import type { AdminOfferCode, OfferCodeInput } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { offerCodesQueryKey } from './get-offer-codes';

/** PUT /admin/offer-codes/{id}: the whole rule set as the form shows it. */
export const updateOfferCode = ({ id, body }: { id: number; body: OfferCodeInput }) =>
  api.put<AdminOfferCode>(`/admin/offer-codes/${id}`, body);

export const useUpdateOfferCode = () => useInvalidatingMutation(updateOfferCode, [offerCodesQueryKey]);
