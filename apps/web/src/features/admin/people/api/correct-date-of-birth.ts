import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDateOfBirthBody, AdminUserDetail } from '@app/contracts';
import { api } from '@/lib/api-client';
import { userQueryKey } from './get-user';

/** PUT /admin/users/{id}/date-of-birth: the operator's correction on a written request (audited); answers the user's page. */
export const correctDateOfBirth = ({ id, body }: { id: number; body: AdminDateOfBirthBody }) =>
  api.put<AdminUserDetail>(`/admin/users/${id}/date-of-birth`, body);

export function useCorrectDateOfBirth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctDateOfBirth,
    onSuccess: ({ data }, { id }) => {
      queryClient.setQueryData<AdminUserDetail>(userQueryKey(id), data);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
