import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/token-storage';

/** POST /logout revokes the token; the stored items go whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await api.post<null>('/logout');
  } finally {
    clearSession();
  }
}

export const useLogout = (options: { onSettled?: () => void } = {}) =>
  useMutation({ mutationFn: logout, onSettled: options.onSettled });
