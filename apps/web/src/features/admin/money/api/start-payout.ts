import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWithdrawal } from '@app/contracts';
import { api } from '@/lib/api-client';
import { withdrawalsQueryKey } from './get-withdrawals';

/**
 * POST /admin/withdrawals/{id}/payout: the operator starts paying the withdrawal and gets the account to pay to, in
 * full (the look is audited). From then on a guardian's withdrawal of consent, a refund and other operators no longer
 * settle it (another operator gets 400). Starting again (the dialog opened again) changes nothing on the server.
 */
export async function startPayout(id: number): Promise<AdminWithdrawal> {
  const { data } = await api.post<AdminWithdrawal>(`/admin/withdrawals/${id}/payout`, {});
  return data;
}

/** Starts paying when 'Mark as Done' opens; the list then shows who is paying. */
export function useStartPayout(id: number, options: { enabled: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    enabled: options.enabled,
    queryKey: [...withdrawalsQueryKey, 'payout', id],
    queryFn: async () => {
      const withdrawal = await startPayout(id);
      void queryClient.invalidateQueries({ queryKey: [...withdrawalsQueryKey, 'list'] });
      return withdrawal;
    },
    staleTime: 0,
    gcTime: 0,
  });
}
