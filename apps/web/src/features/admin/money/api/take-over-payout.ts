import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminWithdrawal, TakeOverBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { withdrawalsQueryKey } from './get-withdrawals';

/**
 * POST /admin/withdrawals/{id}/takeover: the operator takes over paying a withdrawal whose payer is away, 24 hours
 * after that payer began, having checked on the bank statement that the payer's transfer did not go out (422 without
 * the confirmation, 400 before the 24 hours). Answers the withdrawal with the account to pay to, in full.
 */
export const takeOverPayout = ({ id, body }: { id: number; body: TakeOverBody }) =>
  api.post<AdminWithdrawal>(`/admin/withdrawals/${id}/takeover`, body);

export function useTakeOverPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeOverPayout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...withdrawalsQueryKey, 'list'] }),
  });
}
