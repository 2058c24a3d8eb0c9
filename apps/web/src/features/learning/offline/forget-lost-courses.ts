import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LearnData, MeData } from '@app/contracts';
import { ApiError } from '@/lib/api-client';
import { learnQueryKey } from '../api/get-learn';
import { termsQueryOptions } from '../api/get-terms';
import { meQueryKey } from '@/lib/auth/me-query-key';
import { downloadsQueryKey, useDownloadStore } from './download-store';
import { forgetOtherLearnersChapters, ownChapters, signedInLearner } from './learner-chapters';
import type { DownloadStore, OfflineChapter } from './store';

/** How long a course's answer stands: My Courses is read again after every progress report while studying. */
const STILL_OPEN_FOR_MS = 10 * 60_000;

/**
 * Whether the server still opens a course's content to the learner (GET /terms/{id}, the course page's own query,
 * so an answer of the last ten minutes is used again): false only when it refuses (403: refunded, or of a batch no
 * longer theirs; 404: gone); null when it could not say (offline, a server error).
 */
export async function isCourseStillOpen(queryClient: QueryClient, courseId: number): Promise<boolean | null> {
  try {
    await queryClient.fetchQuery({ ...termsQueryOptions(courseId), staleTime: STILL_OPEN_FOR_MS, retry: false });
    return true;
  } catch (error) {
    return error instanceof ApiError && (error.status === 403 || error.status === 404) ? false : null;
  }
}

/**
 * Removes from the device the saved chapters of courses the learner no longer has: refunded, or of a batch no longer
 * open to them. The server serves course content only to those who have it; a saved copy must not outlive that. My
 * Courses (GET /learn) not listing a course is the cue, and the course's content is then asked for: a subject course
 * of the learner's batch that the operator unpublished is not listed, yet still theirs (and may be published again),
 * so its chapters, downloaded over a slow line, stay. Only the learner's own chapters are looked at: another
 * learner's (left by a session ended with a 401) are not this learner's to be told about (decision 058). Returns the
 * chapters removed.
 */
export async function forgetLostCourses(
  store: DownloadStore,
  learn: LearnData,
  learner: string | null,
  isStillOpen: (courseId: number) => Promise<boolean | null>,
): Promise<OfflineChapter[]> {
  const courseIds = new Set([...learn.course, ...learn.school].map((course) => course.id));
  const unlisted = ownChapters(await store.list(), learner).filter((chapter) => !courseIds.has(chapter.courseId));
  const lostCourses = new Set<number>();
  for (const courseId of new Set(unlisted.map((chapter) => chapter.courseId)))
    if ((await isStillOpen(courseId)) === false) lostCourses.add(courseId);
  const lost = unlisted.filter((chapter) => lostCourses.has(chapter.courseId));
  for (const chapter of lost) await store.remove(chapter.subjectId);
  return lost;
}

/** The chapters removed this visit because their course was lost, for the Downloads page to say why (not kept). */
const lostChaptersQueryKey = ['offline-lost-chapters'] as const;

/**
 * Whenever the server answers GET /me, every saved chapter that is not this learner's is removed (decision 058), and
 * the list is read again under the learner. Whenever it answers GET /learn (on any page), the learner's saved
 * chapters of the courses it no longer lists are removed. Only a fresh answer counts: the copy kept on the device
 * (decision 029) or a failed read (offline, on a bus with no signal) removes nothing. Mounted by the signed-in shell.
 */
export function useForgetLostCourses(): void {
  const store = useDownloadStore();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        // A fetch's answer: not the kept copy restored (setState) or a write of the app's own (manual).
        if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
        if (!event.action.data) return;
        if (event.query.queryKey[0] === meQueryKey[0]) {
          forgetOtherLearnersChapters(store, (event.action.data as MeData).referral_code)
            .catch((error: unknown) => console.warn("Could not remove another learner's saved chapters:", error))
            .finally(() => void queryClient.invalidateQueries({ queryKey: downloadsQueryKey, exact: true }));
          return;
        }
        if (event.query.queryKey[0] !== learnQueryKey[0]) return;
        const learner = signedInLearner(queryClient);
        forgetLostCourses(store, event.action.data as LearnData, learner, (courseId) =>
          isCourseStillOpen(queryClient, courseId),
        )
          .then((lost) => {
            if (lost.length === 0) return;
            queryClient.setQueryData<OfflineChapter[]>(lostChaptersQueryKey, (before = []) => [...before, ...lost]);
            return queryClient.invalidateQueries({ queryKey: downloadsQueryKey });
          })
          .catch((error: unknown) => console.warn('Could not remove the chapters of a course no longer yours:', error));
      }),
    [queryClient, store],
  );
}

/** The courses whose saved chapters were removed this visit (their names, once each); forgotten when the page closes. */
export function useLostCourseNames(): string[] {
  const queryClient = useQueryClient();
  const lost = useQuery({
    queryKey: lostChaptersQueryKey,
    queryFn: () => [] as OfflineChapter[],
    staleTime: Infinity,
  });
  useEffect(
    () => () => {
      queryClient.setQueryData<OfflineChapter[]>(lostChaptersQueryKey, []);
    },
    [queryClient],
  );
  return [...new Set((lost.data ?? []).map((chapter) => chapter.courseName))];
}
