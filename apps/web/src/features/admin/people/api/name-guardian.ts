import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminGuardianBody, AdminGuardianNamed, AdminUserDetail } from '@app/contracts';
import { api } from '@/lib/api-client';
import { userQueryKey } from './get-user';

/**
 * POST /admin/users/{id}/guardian: the operator names another guardian on a written request (decision
 * 024); answers the user's page, with the link to pass on when the guardian was named by mobile.
 */
export const nameGuardian = ({ id, body }: { id: number; body: AdminGuardianBody }) =>
  api.post<AdminGuardianNamed>(`/admin/users/${id}/guardian`, body);

export function useNameGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: nameGuardian,
    onSuccess: ({ data }, { id }) => {
      const { link: _link, whatsapp_url: _whatsapp, ...user } = data;
      queryClient.setQueryData<AdminUserDetail>(userQueryKey(id), user);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
