import type { AdminUserRow, Role } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { usersQueryKey } from './get-users';

/** PUT /admin/users/{id}/roles: the whole set (an operator cannot drop their own admin role). */
export const updateUserRoles = ({ id, roles }: { id: number; roles: Role[] }) =>
  api.put<AdminUserRow>(`/admin/users/${id}/roles`, { roles });

export const useUpdateUserRoles = () => useInvalidatingMutation(updateUserRoles, [usersQueryKey]);
