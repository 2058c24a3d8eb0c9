import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordBody } from '@app/contracts';
import { api } from '@/lib/api-client';

export type ResetPasswordInput = z.output<typeof resetPasswordBody>;

/** POST /reset-password: the code from the mail and the new password. */
export const resetPassword = (body: ResetPasswordInput) => api.post<null>('/reset-password', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
