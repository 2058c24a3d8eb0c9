import type { RefundData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { purchasesQueryKey } from './get-purchases';

/** POST /admin/purchases/{id}/refund: the full amount, through the provider; the referrer's commission is reversed. */
export const refundPurchase = (id: number) => api.post<RefundData>(`/admin/purchases/${id}/refund`);

// The user's page shows purchases and the wallet too.
export const useRefundPurchase = () => useInvalidatingMutation(refundPurchase, [purchasesQueryKey, ['admin', 'users']]);
