import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuthData, loginBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { startSession } from './session';

export type LoginInput = z.output<typeof loginBody>;

/** POST /login */
export const login = (body: LoginInput) => api.post<AuthData>('/login', body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => startSession(queryClient, response.data),
  });
}
