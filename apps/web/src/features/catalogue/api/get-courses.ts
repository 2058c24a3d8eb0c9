import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import type { CourseLanguage, CourseListData } from '@app/contracts';
import { api } from '@/lib/api-client';

/**
 * GET /course: the open catalogue (`course`) and the learner's school batch subjects (`school`);
 * with a language, GET /course?language=hi: only the courses taught in it (both lists).
 */
export async function getCourses(language?: CourseLanguage): Promise<CourseListData> {
  const { data } = await api.get<CourseListData>(language ? `/course?language=${language}` : '/course');
  return data;
}

export const coursesQueryOptions = (language?: CourseLanguage) =>
  queryOptions({
    queryKey: language ? ['courses', 'language', language] : ['courses'],
    queryFn: () => getCourses(language),
  });

/** The old list stays on screen while another language's loads. */
export const useCourses = (language?: CourseLanguage) =>
  useQuery({ ...coursesQueryOptions(language), placeholderData: keepPreviousData });
