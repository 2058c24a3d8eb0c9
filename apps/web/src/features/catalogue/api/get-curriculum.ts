import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseCurriculum } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /course/{id}/curriculum: the course page before purchase (terms, chapters, quizzes, certificate). */
export async function getCurriculum(courseId: number): Promise<CourseCurriculum> {
  const { data } = await api.get<CourseCurriculum>(`/course/${courseId}/curriculum`);
  return data;
}

export const curriculumQueryOptions = (courseId: number) =>
  queryOptions({ queryKey: ['course', courseId, 'curriculum'], queryFn: () => getCurriculum(courseId) });

export const useCurriculum = (courseId: number) =>
  useQuery({ ...curriculumQueryOptions(courseId), enabled: Number.isInteger(courseId) && courseId > 0 });
