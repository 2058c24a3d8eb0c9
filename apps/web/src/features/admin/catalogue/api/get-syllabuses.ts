import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSyllabus } from '@app/contracts';
import { api } from '@/lib/api-client';
import { schoolQueryKey } from '../../api/school-query-key';

export const syllabusesQueryKey = [...schoolQueryKey, 'syllabuses'] as const;

/** GET /admin/syllabuses */
export async function getSyllabuses(): Promise<AdminSyllabus[]> {
  const { data } = await api.get<AdminSyllabus[]>('/admin/syllabuses');
  return data;
}

export const syllabusesQueryOptions = () => queryOptions({ queryKey: syllabusesQueryKey, queryFn: getSyllabuses });

export const useSyllabuses = () => useQuery(syllabusesQueryOptions());
