import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { localeOf, type Language, type SubjectItem } from '@app/contracts';
import { env } from '@/config/env';
import { meQueryOptions } from '@/lib/auth/get-me';
import { registerServiceWorkerNow } from '@/lib/service-worker';
import { fetchLowestRendition, fetchPdf, sizeOf } from './fetch-chapter';
import { downloadsQueryKey, useDownloadStore } from './download-store';
import { ownChapters, signedInLearner } from './learner-chapters';
import type { OfflineChapter } from './store';

const filesQueryKey = (subjectId: number) => [...downloadsQueryKey, 'files', subjectId] as const;

/**
 * The signed-in learner's saved chapters, newest first: never another learner's on the same phone (decision 058). Read
 * again when GET /me answers (useForgetLostCourses), so a list drawn before it knew the learner is replaced.
 */
export function useDownloads() {
  const store = useDownloadStore();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: downloadsQueryKey,
    queryFn: async () =>
      ownChapters(await store.list(), signedInLearner(queryClient)).sort((a, b) => b.savedAt.localeCompare(a.savedAt)),
    staleTime: Infinity,
  });
}

/** One saved chapter's bytes; not kept in memory once the chapter is closed. */
export function useOfflineFiles(subjectId: number) {
  const store = useDownloadStore();
  return useQuery({
    queryKey: filesQueryKey(subjectId),
    queryFn: () => store.files(subjectId),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** A chapter that can be saved: a PDF, or a video once its HLS renditions are ready. */
export const canSaveForOffline = (subject: SubjectItem) =>
  subject.file_type === 'pdf' || (subject.file_type === 'video' && subject.hls_url !== null);

/** The cache the offline worker's runtime rule for the PDF reader reads (vite.config.ts, `pdf-reader`). */
const READER_CACHE = 'pdf-reader';

/**
 * Puts the PDF reader (pdf.js and its worker) in the offline worker's cache. It is not precached
 * (too big for every learner's first visit), and it may have been loaded before the worker was
 * there to keep it: so it is cached here, when the learner first saves a PDF.
 */
export async function cacheReader(): Promise<void> {
  if (!env.isProduction || !('caches' in window)) return;
  const { readerFiles } = await import('../components/pdf-reader');
  const cache = await caches.open(READER_CACHE);
  for (const url of readerFiles) {
    if (!(await cache.match(url))) await cache.add(url);
  }
}

/** After the first save: keep the files when the device runs short of space, and work offline at once. */
async function prepareForOffline(fileType: OfflineChapter['fileType']): Promise<void> {
  // The browser may say no (or ask); the downloads then stay until it needs the space.
  await navigator.storage?.persist?.().catch(() => false);
  await Promise.all([registerServiceWorkerNow(), fileType === 'pdf' ? cacheReader() : Promise.resolve()]).catch(
    (error: unknown) => console.warn('Offline support is not ready:', error),
  );
}

export interface SaveRequest {
  subject: SubjectItem;
  course: { id: number; name: string };
  /** Video: segments fetched so far, of all. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Whom a chapter saved now belongs to: the signed-in learner, asked of GET /me when this session's has not answered
 * yet. When it cannot be asked either, the chapter is saved under nobody: listed to no one, it goes at the next GET
 * /me (learner-chapters.ts), rather than be left to whoever signs in next.
 */
async function learnerToFileUnder(queryClient: QueryClient): Promise<string | undefined> {
  const known = signedInLearner(queryClient);
  if (known !== null) return known;
  return queryClient.fetchQuery({ ...meQueryOptions(), retry: false }).then(
    (me) => me.referral_code,
    () => undefined,
  );
}

export function useSaveForOffline() {
  const store = useDownloadStore();
  const queryClient = useQueryClient();
  return useMutation({
    // Runs (and fails with a message) when offline, instead of waiting for a connection.
    networkMode: 'always',
    mutationFn: async ({ subject, course, onProgress }: SaveRequest) => {
      const fileType = subject.file_type === 'pdf' ? 'pdf' : 'video';
      const files =
        fileType === 'pdf'
          ? await fetchPdf(subject.file_url)
          : await fetchLowestRendition(subject.hls_url ?? '', { onProgress });
      const chapter: OfflineChapter = {
        subjectId: subject.id,
        name: subject.name,
        courseId: course.id,
        courseName: course.name,
        fileType,
        size: sizeOf(files),
        savedAt: new Date().toISOString(),
        learner: await learnerToFileUnder(queryClient),
      };
      await store.save(chapter, files);
      // Not awaited: the chapter is saved; the worker installs in the background.
      void prepareForOffline(fileType);
      return chapter;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: downloadsQueryKey }),
  });
}

export function useRemoveDownload() {
  const store = useDownloadStore();
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (subjectId: number) => store.remove(subjectId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: downloadsQueryKey }),
  });
}

const byteFormats = new Map<string, Intl.NumberFormat>();

/** The language's number format with exactly `digits` decimals. */
function numberFormat(language: Language, digits: number): Intl.NumberFormat {
  const key = `${language}:${digits}`;
  let format = byteFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf[language], {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    byteFormats.set(key, format);
  }
  return format;
}

/** 1536 → '1.5 KB', 3 500 000 → '3.3 MB'; the number in the language's format (the units as written in every language). */
export function formatBytes(bytes: number, language: Language = 'en'): string {
  if (bytes < 1024) return `${numberFormat(language, 0).format(bytes)} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${numberFormat(language, value < 10 ? 1 : 0).format(value)} ${units[unit]}`;
}
