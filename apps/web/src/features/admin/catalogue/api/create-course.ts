import type { z } from 'zod';
import type { AdminCourse, courseCreateBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { categoriesQueryKey } from './get-categories';
import { coursesQueryKey } from './get-courses';

export type CourseInput = z.output<typeof courseCreateBody>;

/** POST /admin/courses: a new course, unpublished unless asked. */
export const createCourse = (body: CourseInput) => api.post<AdminCourse>('/admin/courses', body);

export const useCreateCourse = () => useInvalidatingMutation(createCourse, [coursesQueryKey, categoriesQueryKey]);
