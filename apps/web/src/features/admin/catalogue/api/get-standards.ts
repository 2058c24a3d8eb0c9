import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStandard } from '@app/contracts';
import { api } from '@/lib/api-client';
import { queryString } from '../../utils/query-string';
import { schoolQueryKey } from '../../api/school-query-key';

/** GET /admin/standards?syllabus_id=: every standard, or one syllabus's. */
export async function getStandards(syllabusId: number | null): Promise<AdminStandard[]> {
  const { data } = await api.get<AdminStandard[]>(`/admin/standards${queryString({ syllabus_id: syllabusId })}`);
  return data;
}

export const standardsQueryOptions = (syllabusId: number | null) =>
  queryOptions({ queryKey: [...schoolQueryKey, 'standards', syllabusId], queryFn: () => getStandards(syllabusId) });

export const useStandards = (syllabusId: number | null) => useQuery(standardsQueryOptions(syllabusId));
