import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuthData, registerBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { startSession } from './session';

export type RegisterInput = z.output<typeof registerBody>;

/** POST /register */
export const register = (body: RegisterInput) => api.post<AuthData>('/register', body);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (response) => startSession(queryClient, response.data),
  });
}
