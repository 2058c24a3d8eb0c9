import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayNowBody, PayNowData, ProviderPaymentResponse } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /pay-now: confirms what the provider's form handed back. */
export const payNow = (body: PayNowBody) => api.post<PayNowData>('/pay-now', body);

/** The provider's answer (Razorpay's handler argument, or the sandbox's) as /pay-now takes it. */
export const payNowBodyOf = (response: ProviderPaymentResponse): PayNowBody => ({
  payment_id: response.razorpay_payment_id,
  order_id: response.razorpay_order_id,
  signature: response.razorpay_signature,
});

export function usePayNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payNow,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
