import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseListData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /course: the open catalogue (`course`) and the learner's school batch subjects (`school`). */
export async function getCourses(): Promise<CourseListData> {
  const { data } = await api.get<CourseListData>('/course');
  return data;
}

export const coursesQueryOptions = () => queryOptions({ queryKey: ['courses'], queryFn: getCourses });

export const useCourses = () => useQuery(coursesQueryOptions());
