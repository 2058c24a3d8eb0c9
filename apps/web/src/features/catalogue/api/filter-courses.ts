import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseItem, CourseLanguage } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /course: the open catalogue of one category (and, when given, of one language). */
export async function filterCourses(categoryId: number, language?: CourseLanguage): Promise<CourseItem[]> {
  const { data } = await api.post<CourseItem[]>(
    '/course',
    language ? { category: categoryId, language } : { category: categoryId },
  );
  return data;
}

export const filteredCoursesQueryOptions = (categoryId: number, language?: CourseLanguage) =>
  queryOptions({
    queryKey: ['courses', 'category', categoryId, language ?? 'all'],
    queryFn: () => filterCourses(categoryId, language),
  });

/** Only asked for once a category is chosen; 'All Syllabus' is GET /course. The old list stays while the next loads. */
export const useFilteredCourses = (categoryId: number | null, language?: CourseLanguage) =>
  useQuery({
    ...filteredCoursesQueryOptions(categoryId ?? 0, language),
    enabled: categoryId !== null,
    placeholderData: keepPreviousData,
  });
