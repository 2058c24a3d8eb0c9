import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutData, FirstPaymentBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { isAlreadyBought } from '../utils/already-bought';

/** POST /first-payment: the learner's batch fee, through the same checkout and payment path as a course. */
export const payBatchFee = (body: FirstPaymentBody) => api.post<CheckoutData>('/first-payment', body);

export function usePayBatchFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payBatchFee,
    // Nothing to pay (a code took the whole fee): the batch is open now, so every list that shows it is stale.
    onSuccess: ({ data }) => (data.payment ? undefined : queryClient.invalidateQueries()),
    // Already bought: a retry of one whose answer was lost. Read again as after that success (the page then offers
    // what is bought); the refusal settles once the screens have their new data (decision 061).
    onError: (error) => (isAlreadyBought(error) ? queryClient.invalidateQueries() : undefined),
  });
}
