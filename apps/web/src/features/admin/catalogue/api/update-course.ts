import type { z } from 'zod';
import type { AdminCourse, courseUpdateBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { categoriesQueryKey } from './get-categories';
import { coursesQueryKey } from './get-courses';

export type CoursePatch = z.output<typeof courseUpdateBody>;

/** PUT /admin/courses/{id}: the fields sent change, the rest stay (publish toggle, demo video URL, details). */
export const updateCourse = ({ id, body }: { id: number; body: CoursePatch }) =>
  api.put<AdminCourse>(`/admin/courses/${id}`, body);

export const useUpdateCourse = () => useInvalidatingMutation(updateCourse, [coursesQueryKey, categoriesQueryKey]);
