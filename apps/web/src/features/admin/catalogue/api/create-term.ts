import type { z } from 'zod';
import type { AdminTerm, termCreateBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { coursesQueryKey } from './get-courses';
import { termsQueryKey } from './get-terms';

export type TermInput = z.output<typeof termCreateBody>;

/** POST /admin/courses/{id}/terms */
export const createTerm = ({ courseId, body }: { courseId: number; body: TermInput }) =>
  api.post<AdminTerm>(`/admin/courses/${courseId}/terms`, body);

export const useCreateTerm = (courseId: number) =>
  useInvalidatingMutation(createTerm, [termsQueryKey(courseId), coursesQueryKey]);
