import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { isAlreadyBought } from '../utils/already-bought';

/** POST /checkout: a pending purchase and, when something is to be paid, the provider's order. */
export const startCheckout = (body: CheckoutBody) => api.post<CheckoutData>('/checkout', body);

export function useStartCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCheckout,
    // Nothing to pay: the course is already the learner's, so every list that shows it is stale.
    onSuccess: ({ data }) => (data.payment ? undefined : queryClient.invalidateQueries()),
    // Already bought: a retry of one whose answer was lost. Read again as after that success (the page then offers
    // what is bought); the refusal settles once the screens have their new data (decision 061).
    onError: (error) => (isAlreadyBought(error) ? queryClient.invalidateQueries() : undefined),
  });
}
