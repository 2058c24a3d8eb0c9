import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AddClassData, addClassBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth/get-me';

export type AddClassInput = z.output<typeof addClassBody>;

/** POST /add-class: records the chosen syllabus and standard (and mails the verification code). */
export const addClass = (body: AddClassInput) => api.post<AddClassData>('/add-class', body);

export function useAddClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addClass,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
