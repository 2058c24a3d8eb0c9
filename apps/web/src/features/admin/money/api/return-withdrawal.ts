import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnBody, SettleData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { withdrawalsQueryKey } from './get-withdrawals';

/**
 * POST /admin/withdrawals/{id}/returned: a paid withdrawal the bank sent back; its amount returns to the wallet, once
 * (a second try answers 400).
 */
export const returnWithdrawal = ({ id, body }: { id: number; body: ReturnBody }) =>
  api.post<SettleData>(`/admin/withdrawals/${id}/returned`, body);

export function useReturnWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnWithdrawal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
      ]),
  });
}
