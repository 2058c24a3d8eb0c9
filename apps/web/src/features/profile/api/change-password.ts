import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attemptFor, settleAttempt, withIdempotencyKey, type Attempt } from '@/lib/idempotent-request';

export interface ChangePasswordInput {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/**
 * PUT /password: the current password too (docs/product/profile.md#password); other sessions are signed out. With an
 * Idempotency-Key: a retry after a lost answer gets the first answer back instead of being checked against the new
 * password.
 */
export const changePassword = ({ key, ...body }: Attempt<ChangePasswordInput>) =>
  api.put<null>('/password', body, withIdempotencyKey(key));

/**
 * Sends what was typed. The same values sent again while an earlier change's answer is lost reuse its key, so the
 * server replays that answer ('Password changed') instead of 'The current password is incorrect.'; an answer
 * forgets the key (lib/idempotent-request.ts, decision 061).
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: changePassword,
    onSettled: (_data, error, attempt) => settleAttempt(queryClient, 'password', attempt, error),
  });
  return (values: ChangePasswordInput) => mutation.mutateAsync(attemptFor(queryClient, 'password', values));
}
