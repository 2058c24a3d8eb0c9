import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCourse } from '@app/contracts';
import { api } from '@/lib/api-client';
import { coursesQueryKey } from './get-courses';

export const courseQueryKey = (id: number) => [...coursesQueryKey, 'detail', id] as const;

/** GET /admin/courses/{id} */
export async function getCourse(id: number): Promise<AdminCourse> {
  const { data } = await api.get<AdminCourse>(`/admin/courses/${id}`);
  return data;
}

export const courseQueryOptions = (id: number) =>
  queryOptions({ queryKey: courseQueryKey(id), queryFn: () => getCourse(id) });

export const useCourse = (id: number) => useQuery(courseQueryOptions(id));
