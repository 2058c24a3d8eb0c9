import type { QueryClient } from '@tanstack/react-query';
import type { MeData } from '@app/contracts';
import { meQueryKey } from '@/lib/auth/me-query-key';
import { learnerOnDevice } from '@/lib/learner-storage';
import type { DownloadStore, OfflineChapter } from './store';

/**
 * Saved chapters belong to the learner who saved them (decision 058). Phones are shared between siblings, and a
 * session can end with a 401 (password changed on another device, token idle, revoked) that leaves the device's
 * downloads behind: the next learner must neither see nor open them, nor learn which courses they are of.
 */

/**
 * The signed-in learner's referral code: this visit's GET /me (or the one kept on the device with the session's
 * pages), else the code stored at the session's last GET /me; null when neither is there (a session whose /me has
 * never answered).
 */
export function signedInLearner(queryClient: QueryClient): string | null {
  return queryClient.getQueryData<MeData>(meQueryKey)?.referral_code ?? learnerOnDevice();
}

/** The chapters of this learner; none when the learner is not known. Chapters saved before decision 058 have none. */
export const ownChapters = (chapters: OfflineChapter[], learner: string | null): OfflineChapter[] =>
  learner === null ? [] : chapters.filter((chapter) => chapter.learner === learner);

/**
 * When GET /me answers: every chapter on the device that is not this learner's goes, with its files (another
 * learner's, left by a session that ended with a 401; or one saved before chapters had a learner). Returns how
 * many went.
 */
export async function forgetOtherLearnersChapters(store: DownloadStore, learner: string): Promise<number> {
  const others = (await store.list()).filter((chapter) => chapter.learner !== learner);
  for (const chapter of others) await store.remove(chapter.subjectId);
  return others.length;
}
