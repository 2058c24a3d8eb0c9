import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankDetailsData, BankDetailsInput } from '@app/contracts';
import { api } from '@/lib/api-client';
import { bankDetailsQueryKey } from './get-bank-details';

/** POST /bank-details: creates or replaces the learner's bank account; answers with it masked. */
export const saveBankDetails = (body: BankDetailsInput) => api.post<BankDetailsData>('/bank-details', body);

export function useSaveBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBankDetails,
    onSuccess: ({ data }) => queryClient.setQueryData(bankDetailsQueryKey, data),
  });
}
