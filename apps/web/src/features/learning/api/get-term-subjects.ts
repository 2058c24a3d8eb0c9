import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubjectItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /term-subjects/{termId}: the term's subjects with their file links (signed, valid two hours). */
export async function getTermSubjects(termId: number): Promise<SubjectItem[]> {
  const { data } = await api.get<SubjectItem[]>(`/term-subjects/${termId}`);
  return data;
}

/**
 * Kept fresh for 30 minutes: a chapter opened from links older than that waits for them to be signed
 * again (chapter-viewer.tsx), so it starts with at least 1 h 30 of its two hours left (decision 039).
 */
export const TERM_SUBJECTS_STALE_MS = 30 * 60_000;

export const termSubjectsQueryOptions = (termId: number) =>
  queryOptions({
    queryKey: ['term-subjects', termId],
    queryFn: () => getTermSubjects(termId),
    staleTime: TERM_SUBJECTS_STALE_MS,
  });

export const useTermSubjects = (termId: number) => useQuery(termSubjectsQueryOptions(termId));

/**
 * Signs the term's links again, for a video whose link was refused mid-lecture; the cache then holds
 * the fresh ones. Not a refetch of the query: its failure would put the page in its error state, and
 * unmount the video; a failed renewal is the player's to show.
 */
export function useRenewTermSubjects(termId: number): () => Promise<SubjectItem[]> {
  const queryClient = useQueryClient();
  return async () => {
    const subjects = await getTermSubjects(termId);
    queryClient.setQueryData(termSubjectsQueryOptions(termId).queryKey, subjects);
    return subjects;
  };
}
