import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSubject } from '@app/contracts';
import { api } from '@/lib/api-client';

export const subjectsQueryKey = (termId: number) => ['admin', 'subjects', termId] as const;

/** GET /admin/terms/{id}/subjects: a term's chapters in order. */
export async function getSubjects(termId: number): Promise<AdminSubject[]> {
  const { data } = await api.get<AdminSubject[]>(`/admin/terms/${termId}/subjects`);
  return data;
}

/** While a video is being transcoded the list is asked again this often (progress bars)… */
export const TRANSCODE_POLL_MS = 3000;
/** …and this often while one waits for a transcoder (the queue may be busy). */
export const PENDING_POLL_MS = 15_000;

function pollInterval(subjects: AdminSubject[] | undefined): number | false {
  if (subjects?.some((s) => s.video?.status === 'running')) return TRANSCODE_POLL_MS;
  if (subjects?.some((s) => s.video?.status === 'pending')) return PENDING_POLL_MS;
  return false;
}

export const subjectsQueryOptions = (termId: number) =>
  queryOptions({
    queryKey: subjectsQueryKey(termId),
    queryFn: () => getSubjects(termId),
    refetchInterval: (query) => pollInterval(query.state.data),
  });

export const useSubjects = (termId: number) => useQuery(subjectsQueryOptions(termId));
