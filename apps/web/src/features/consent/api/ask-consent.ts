import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AskConsentData, AskConsentInput } from '@app/contracts';
import { api } from '@/lib/api-client';
import { consentQueryKey } from './get-consent';

/** POST /consent: names a guardian; by mobile the answer carries the link to pass on. */
export const askConsent = (body: AskConsentInput) => api.post<AskConsentData>('/consent', body);

export function useAskConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askConsent,
    onSuccess: ({ data }) => {
      const { link: _link, whatsapp_url: _whatsapp, ...status } = data;
      queryClient.setQueryData(consentQueryKey, status);
    },
  });
}
