import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCourse, Page } from '@app/contracts';
import { api } from '@/lib/api-client';
import { queryString } from '../../utils/query-string';

export const coursesQueryKey = ['admin', 'courses'] as const;

export interface CoursesFilter {
  page: number;
  q?: string;
  category_id?: string;
  is_published?: string;
}

/** GET /admin/courses: every course, published or not, a page at a time. */
export async function getCourses(filter: CoursesFilter): Promise<Page<AdminCourse>> {
  const { data } = await api.get<Page<AdminCourse>>(`/admin/courses${queryString({ ...filter })}`);
  return data;
}

export const coursesQueryOptions = (filter: CoursesFilter) =>
  queryOptions({
    queryKey: [...coursesQueryKey, 'list', filter],
    queryFn: () => getCourses(filter),
    placeholderData: keepPreviousData,
  });

export const useCourses = (filter: CoursesFilter) => useQuery(coursesQueryOptions(filter));
