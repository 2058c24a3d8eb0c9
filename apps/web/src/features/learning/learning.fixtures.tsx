import { useEffect, type ReactNode } from 'react';
import { vi } from 'vitest';
import type { LearnCourseItem, SubjectItem } from '@app/contracts';
import { createMemoryStore } from './offline/memory-store';
import type { DownloadStore, OfflineChapter } from './offline/store';

/**
 * jsdom cannot run pdf.js: react-pdf stands in, opening any file as 3 pages.
 * `vi.mock('react-pdf', async () => (await import('../learning.fixtures')).reactPdfStandIn)`
 */
export const reactPdfStandIn = {
  pdfjs: { GlobalWorkerOptions: {} },
  Document: ({
    onLoadSuccess,
    children,
  }: {
    onLoadSuccess: (pdf: { numPages: number }) => void;
    children: ReactNode;
  }) => {
    useEffect(() => onLoadSuccess({ numPages: 3 }), []); // eslint-disable-line react-hooks/exhaustive-deps
    return <div>{children}</div>;
  },
  Page: ({ pageNumber }: { pageNumber: number }) => <div data-testid="pdf-page" data-page={pageNumber} />,
};

/** A course of My Courses (GET /learn), not started. */
export const course = (overrides: Partial<LearnCourseItem>): LearnCourseItem => ({
  id: 1,
  name: 'Course',
  photo_path: null,
  price: 999,
  offer_price: 499,
  about: '',
  video_path: null,
  category_id: 1,
  language: 'en',
  certificate_id: null,
  certificate_url: null,
  progress_percent: 0,
  ...overrides,
});

/** A PDF chapter saved for offline, of course 9. */
export const chapter = (overrides: Partial<OfflineChapter> = {}): OfflineChapter => ({
  subjectId: 1,
  name: 'Geography of India',
  courseId: 9,
  courseName: 'India and the World',
  fileType: 'pdf',
  size: 20_802,
  savedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** A device store holding these chapters, each as a small PDF. */
export async function storeWith(...chapters: OfflineChapter[]): Promise<DownloadStore> {
  const store = createMemoryStore();
  for (const item of chapters)
    await store.save(item, { kind: 'pdf', pdf: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) });
  return store;
}

/** A PDF chapter of course 9 as GET /term-subjects gives it, with its signed file link. */
export const pdfSubject = {
  id: 7,
  name: 'Geography of India',
  about: '',
  photo_path: null,
  file_type: 'pdf',
  hls_url: null,
  file_url: '/live-connect/api/files/subjects/7?u=1&e=2&s=x',
} as SubjectItem;

/** GET /learn's answer naming course 9, which SaveForOffline files a chapter under. */
export const learnReply = () =>
  new Response(
    JSON.stringify({
      status: true,
      message: '',
      data: { course: [{ id: 9, name: 'India and the World' }], school: [] },
    }),
    { headers: { 'content-type': 'application/json' } },
  );

/** The network when a chapter's signed link has expired: GET /learn answers, the file is refused (403). */
export const expiredLinkFetch = () =>
  vi.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith('/learn') ? learnReply() : new Response(null, { status: 403 }),
  );
