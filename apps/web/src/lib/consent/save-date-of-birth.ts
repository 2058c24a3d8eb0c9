import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { consentQueryKey } from './consent-query-key';

/**
 * PUT /consent/dob: a learner who has none gives their date of birth; answers the new status. Used by onboarding
 * (Choose My Batch) and consent (a money screen's date-of-birth form).
 */
export const saveDateOfBirth = (body: { date_of_birth: string }) => api.put<ConsentData>('/consent/dob', body);

export function useSaveDateOfBirth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDateOfBirth,
    onSuccess: ({ data }) => queryClient.setQueryData(consentQueryKey, data),
  });
}
