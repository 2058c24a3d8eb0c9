import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /course: the open catalogue of one category. */
export async function filterCourses(categoryId: number): Promise<CourseItem[]> {
  const { data } = await api.post<CourseItem[]>('/course', { category: categoryId });
  return data;
}

export const filteredCoursesQueryOptions = (categoryId: number) =>
  queryOptions({ queryKey: ['courses', 'category', categoryId], queryFn: () => filterCourses(categoryId) });

/** Only asked for once a category is chosen; 'All Syllabus' is GET /course. The old list stays while the next loads. */
export const useFilteredCourses = (categoryId: number | null) =>
  useQuery({ ...filteredCoursesQueryOptions(categoryId ?? 0), enabled: categoryId !== null, placeholderData: keepPreviousData });
