import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEraseBody, AdminUserDetail } from '@app/contracts';
import { api } from '@/lib/api-client';
import { userQueryKey } from './get-user';
import { usersQueryKey } from './get-users';

/** POST /admin/users/{id}/erase: deletes a learner's personal data on request (decision 066); answers the user's page. */
export const eraseUser = ({ id, body }: { id: number; body: AdminEraseBody }) =>
  api.post<AdminUserDetail>(`/admin/users/${id}/erase`, body);

export function useEraseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseUser,
    onSuccess: async ({ data }, { id }) => {
      queryClient.setQueryData<AdminUserDetail>(userQueryKey(id), data);
      // The lists name them 'Deleted learner' from now on; the audit log has a new entry.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey, predicate: (q) => q.queryKey.at(-1) !== 'detail' }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}
