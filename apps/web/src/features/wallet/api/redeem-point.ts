import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WalletSummary } from '@app/contracts';
import { api } from '@/lib/api-client';
import { settleAttempt, withIdempotencyKey } from '@/lib/idempotent-request';

export interface RedeemPointInput {
  point: number;
  idempotencyKey: string;
}

/** POST /redeem-point: points become balance; the message is 'redeemed'. */
export const redeemPoint = ({ point, idempotencyKey }: RedeemPointInput) =>
  api.post<WalletSummary>('/redeem-point', { point }, withIdempotencyKey(idempotencyKey));

export function useRedeemPoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemPoint,
    // Points and balance show on several screens; mark everything stale, refetch what is on screen.
    onSuccess: () => queryClient.invalidateQueries(),
    // A lost answer keeps its key for the same points asked again (lib/idempotent-request.ts).
    onSettled: (_data, error, input) =>
      settleAttempt(queryClient, 'redeem', { amount: input.point, key: input.idempotencyKey }, error),
  });
}
