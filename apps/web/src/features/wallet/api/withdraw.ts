import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WalletSummary } from '@app/contracts';
import { api } from '@/lib/api-client';
import { settleAttempt, withIdempotencyKey } from '@/lib/idempotent-request';

export interface WithdrawInput {
  /** Rupees. */
  amount: number;
  idempotencyKey: string;
}

/** POST /withdraw: holds the amount as a Pending withdrawal; 400 'Please fill account details' without bank details. */
export const withdraw = ({ amount, idempotencyKey }: WithdrawInput) =>
  api.post<WalletSummary>('/withdraw', { amount }, withIdempotencyKey(idempotencyKey));

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    // The balance shows on several screens; mark everything stale, refetch what is on screen.
    onSuccess: () => queryClient.invalidateQueries(),
    // A lost answer keeps its key for the same amount asked again (lib/idempotent-request.ts).
    onSettled: (_data, error, input) =>
      settleAttempt(queryClient, 'withdraw', { amount: input.amount, key: input.idempotencyKey }, error),
  });
}
