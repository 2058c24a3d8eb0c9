import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /course/{id}: the course being bought. */
export async function getCourse(courseId: number): Promise<CourseItem> {
  const { data } = await api.get<CourseItem>(`/course/${courseId}`);
  return data;
}

export const courseQueryOptions = (courseId: number) =>
  queryOptions({ queryKey: ['course', courseId], queryFn: () => getCourse(courseId) });

export const useCourse = (courseId: number) =>
  useQuery({ ...courseQueryOptions(courseId), enabled: Number.isInteger(courseId) && courseId > 0 });
