import type { AdminOfferCode, OfferCodeInput } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { offerCodesQueryKey } from './get-offer-codes';

/** POST /admin/offer-codes: every rule (dates go as ISO 8601). */
export const createOfferCode = (body: OfferCodeInput) => api.post<AdminOfferCode>('/admin/offer-codes', body);

export const useCreateOfferCode = () => useInvalidatingMutation(createOfferCode, [offerCodesQueryKey]);
