import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ChangePasswordInput {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** PUT /password: the current password too (docs/product/profile.md#password); other sessions are signed out. */
export const changePassword = (body: ChangePasswordInput) => api.put<null>('/password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
