import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuardianConsentData, GuardianPurchasesData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** The guardian's page (public, no account): the request behind a link's token. */
const consentPath = (token: string) => `/guardian/consent/${encodeURIComponent(token)}`;
const guardianKey = (token: string) => ['guardian-consent', token] as const;

export const guardianConsentQueryOptions = (token: string) =>
  queryOptions({
    queryKey: guardianKey(token),
    queryFn: async () => (await api.get<GuardianConsentData>(consentPath(token))).data,
    retry: false,
  });

export const useGuardianConsent = (token: string) => useQuery(guardianConsentQueryOptions(token));

/** The child's purchases, once the guardian has answered. */
export const useGuardianPurchases = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: [...guardianKey(token), 'purchases'],
    queryFn: async () => (await api.get<GuardianPurchasesData>(`${consentPath(token)}/purchases`)).data,
    enabled,
    retry: false,
  });

function useAnswer(token: string, send: () => Promise<{ data: GuardianConsentData; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(guardianKey(token), data);
      void queryClient.invalidateQueries({ queryKey: [...guardianKey(token), 'purchases'] });
    },
  });
}

/** POST /guardian/consent/{token} {agree: true}. */
export const useGiveConsent = (token: string) =>
  useAnswer(token, () => api.post<GuardianConsentData>(consentPath(token), { agree: true }));

/** POST /guardian/consent/{token}/withdraw. */
export const useWithdrawConsent = (token: string) =>
  useAnswer(token, () => api.post<GuardianConsentData>(`${consentPath(token)}/withdraw`));
