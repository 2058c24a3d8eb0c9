import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminWithdrawal, Page, SettleBody, SettleData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { withdrawalsQueryKey } from './get-withdrawals';

/**
 * POST /admin/withdrawals/{id}/settle: Done with the bank reference, or Rejected with a reason (the
 * amount goes back to the wallet). The server settles each once; a second try answers 400 'Already settled'.
 */
export const settleWithdrawal = ({ id, body }: { id: number; body: SettleBody }) =>
  api.post<SettleData>(`/admin/withdrawals/${id}/settle`, body);

export function useSettleWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleWithdrawal,
    onSuccess: async ({ data }) => {
      // The row shows its new status at once; the lists then reload (a pending filter drops it).
      queryClient.setQueriesData<Page<AdminWithdrawal>>(
        { queryKey: [...withdrawalsQueryKey, 'list'] },
        (page) =>
          page && {
            ...page,
            data: page.data.map((row) =>
              row.id === data.withdrawal.id ? { ...row, ...data.withdrawal, bank: row.bank } : row,
            ),
          },
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
      ]);
    },
  });
}
