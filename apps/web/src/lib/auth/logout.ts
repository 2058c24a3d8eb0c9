import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetLearnerItems } from '@/lib/learner-storage';
import { clearSession } from '@/lib/token-storage';

/**
 * POST /logout revokes the token; the stored items go whatever the answer, and what was kept for the learner (a quiz in
 * progress: lib/learner-storage.ts) with them, so the next person on a shared phone does not take it over.
 */
export async function logout(): Promise<void> {
  try {
    await api.post<null>('/logout');
  } finally {
    clearSession();
    forgetLearnerItems();
  }
}

export const useLogout = (options: { onSettled?: () => void } = {}) =>
  useMutation({ mutationFn: logout, onSettled: options.onSettled });
