import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProgressData } from '@app/contracts';
import { rememberLearner } from '@/lib/learner-storage';
import { createQueryClient } from '@/lib/query';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { learner, renderWithProviders, signIn } from '@/testing/test-utils';
import { progressQueryKey } from '../api/get-progress';
import { enqueueProgress, readProgressQueue } from '../api/record-progress';
import { learnQueryKey } from '../api/get-learn';
import {
  chapter,
  course,
  expiredLinkFetch,
  hlsStandIn,
  learnReply,
  mediaState,
  OWNER,
  pdfSubject,
  storeWith,
} from '../learning.fixtures';
import { DownloadsPage } from './downloads-page';
import { DownloadStoreContext } from './download-store';
import { useForgetLostCourses } from './forget-lost-courses';
import { createMemoryStore } from './memory-store';
import { SaveForOffline } from './save-for-offline';
import { renderSaveForOffline, stubChapterServer } from './save-for-offline.fixtures';

// The offline worker exists only in the production build.
const worker = vi.hoisted(() => ({ registerServiceWorkerNow: vi.fn(async () => undefined) }));
vi.mock('@/lib/service-worker', () => worker);
vi.mock('react-pdf', async () => (await import('../learning.fixtures')).reactPdfStandIn);
vi.mock('hls.js/light', async () => ({ default: (await import('../learning.fixtures')).hlsStandIn.Player }));

describe('DownloadsPage', () => {
  // The session's GET /me has answered for the learner who saved the chapters (learner-chapters.ts).
  beforeEach(() => rememberLearner(OWNER));

  it('lists the saved chapters with their size and the space they use, and removes one', async () => {
    const store = await storeWith(
      chapter({}),
      chapter({
        subjectId: 2,
        name: 'Fractions and Decimals',
        courseName: 'Foundations of Mathematics',
        size: 3_500_000,
        savedAt: '2026-11-21T10:00:00.000Z',
      }),
    );
    const { user } = renderWithProviders(
      <DownloadStoreContext value={store}>
        <DownloadsPage />
      </DownloadStoreContext>,
      { path: '/downloads' },
    );

    const items = await screen.findAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Fractions and Decimals',
      'Geography of India',
    ]);
    expect(items[1]).toHaveTextContent('India and the World · PDF · 20 KB');
    expect(items[0]).toHaveTextContent('3.3 MB');
    expect(screen.getByText(/Saved chapters use/)).toHaveTextContent('Saved chapters use 3.4 MB');

    await user.click(within(items[0]!).getByRole('button', { name: 'Remove Fractions and Decimals' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(await store.list()).toHaveLength(1);
    expect(await store.files(2)).toBeNull();
  });

  it('opens a saved PDF from the device and reports its pages as progress', async () => {
    const api = mockApi({ 'POST /progress': ok({ course_id: 9 }) });
    await signIn();
    const store = await storeWith(chapter({}));
    const { user } = renderWithProviders(
      <DownloadStoreContext value={store}>
        <DownloadsPage />
      </DownloadStoreContext>,
      { path: '/downloads' },
    );

    await user.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('heading', { name: 'Geography of India' })).toBeInTheDocument();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(api.callsTo('POST', '/progress')).toHaveLength(3));
    expect(api.callsTo('POST', '/progress').map((call) => call.body)).toEqual([
      { subject_id: 1, page: 1, page_count: 3 },
      { subject_id: 1, page: 2, page_count: 3 },
      { subject_id: 1, completed: true },
    ]);

    await user.click(screen.getByRole('link', { name: 'Back to Downloads' }));
    expect(await screen.findByRole('heading', { name: 'Downloads' })).toBeInTheDocument();
  });

  describe('a saved PDF opens at the page the learner reached', () => {
    /** Opens the saved PDF offline with the course's progress as the device kept it, after `signedIn`. */
    async function openOffline(keptPage: number | null, signedIn: () => void = () => undefined) {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      mockApi({});
      await signIn();
      signedIn();
      const queryClient = createQueryClient();
      queryClient.setQueryData<ProgressData>(progressQueryKey(9), {
        course_id: 9,
        last_subject_id: 1,
        last_term_id: 1,
        position_seconds: 0,
        page: keptPage,
        studied_subject_ids: [1],
        completed_subject_ids: [],
        passed_quiz_subject_ids: [],
        total_subjects: 2,
        total_quizzes: 0,
        percent: 0,
      });
      renderWithProviders(
        <DownloadStoreContext value={await storeWith(chapter({}))}>
          <DownloadsPage />
        </DownloadStoreContext>,
        { path: '/downloads', url: '/downloads?chapter=1', queryClient },
      );
    }

    it('the page the device last heard from the server', async () => {
      await openOffline(2);
      expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    });

    it('a page turned offline and not sent yet, rather than the one the device last heard', async () => {
      await openOffline(2, () => enqueueProgress({ subject_id: 1, page: 3, page_count: 3 }));
      expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    });

    it('the first page when nothing is known', async () => {
      await openOffline(null);
      expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    });
  });

  describe('a saved video', () => {
    const lecture = chapter({ subjectId: 12, name: 'Intro video', fileType: 'video' });
    const playlist = ['#EXTM3U', '#EXT-X-TARGETDURATION:4', '#EXTINF:4.0,', 'segment:0', '#EXT-X-ENDLIST'].join('\n');
    /** GET /progress/9 as the device kept it (decision 029): the video was studied last, 95 s in. */
    const keptProgress: ProgressData = {
      course_id: 9,
      last_subject_id: 12,
      last_term_id: 1,
      position_seconds: 95,
      page: null,
      studied_subject_ids: [12],
      completed_subject_ids: [],
      passed_quiz_subject_ids: [],
      total_subjects: 2,
      total_quizzes: 0,
      percent: 0,
    };

    beforeEach(() => {
      hlsStandIn.instances.length = 0;
    });

    /**
     * Opens the saved video on the Downloads page, offline, with the course's progress as the device kept it, after
     * `signedIn` (what the learner did before, signed in).
     */
    async function openOffline(signedIn: () => void = () => undefined) {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const api = mockApi({});
      await signIn();
      signedIn();
      const store = await storeWith();
      await store.save(lecture, { kind: 'video', playlist, segments: [new Blob(['ts'])] });
      const queryClient = createQueryClient();
      queryClient.setQueryData(progressQueryKey(9), keptProgress);
      renderWithProviders(
        <DownloadStoreContext value={store}>
          <DownloadsPage />
        </DownloadStoreContext>,
        { path: '/downloads', url: '/downloads?chapter=12', queryClient },
      );
      await waitFor(() => expect(hlsStandIn.instances).toHaveLength(1));
      const video = screen.getByTitle('Intro video') as HTMLVideoElement;
      const media = mediaState(video, { position: 0, duration: 600 });
      fireEvent.loadedMetadata(video);
      return { api, video, media };
    }

    it('resumes where the learner left off, and its watching waits offline to count toward the chapter', async () => {
      const { api, video, media } = await openOffline();
      expect(video.currentTime).toBe(95);

      for (let t = 95; t <= 155; t += 0.5) {
        media.media.position = t;
        fireEvent.timeUpdate(video);
      }
      fireEvent.pause(video);
      // The report the server needs to mark the video done (seconds watched, length) waits in the progress queue.
      await waitFor(() =>
        expect(readProgressQueue().map((entry) => entry.body)).toEqual([
          { subject_id: 12, position_seconds: 155, duration_seconds: 600, watched_seconds: 60 },
        ]),
      );
      expect(api.calls).toHaveLength(0);
    });

    it('resumes at a position reported offline and not sent yet, rather than the one the device last heard', async () => {
      const { video } = await openOffline(() =>
        enqueueProgress({ subject_id: 12, position_seconds: 300, duration_seconds: 600, watched_seconds: 200 }),
      );
      expect(video.currentTime).toBe(300);
    });
  });

  describe('a course no longer the learner’s (refunded, or a batch no longer open)', () => {
    /** The Downloads page in the signed-in shell, which removes the chapters of lost courses (app/routes/app/root.tsx). */
    function DownloadsInShell() {
      useForgetLostCourses();
      return <DownloadsPage />;
    }
    const refunded = chapter({
      subjectId: 2,
      name: 'Fractions',
      courseId: 4,
      courseName: 'Foundations of Mathematics',
    });
    /** GET /learn: My Courses holds course 9 only. */
    const myCourses = { course: [course({ id: 9, name: 'India and the World' })], school: [] };

    async function openDownloads(options: {
      isOnline: boolean;
      learn: ReturnType<typeof ok>;
      /** GET /terms/4: the unlisted course's content; the server refuses it unless told. */
      terms?: ReturnType<typeof ok>;
    }) {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(options.isOnline);
      const api = mockApi({
        'GET /learn': options.learn,
        'GET /terms/4': options.terms ?? fail(403, 'Buy this course to open it.'),
      });
      await signIn();
      const store = await storeWith(chapter({}), refunded);
      // My Courses as the device kept it from an earlier visit, already without course 4: not the server's word now,
      // so it removes nothing (restored kept pages are stale: decision 029).
      const queryClient = createQueryClient();
      queryClient.setQueryData(learnQueryKey, myCourses, { updatedAt: 0 });
      const view = renderWithProviders(
        <DownloadStoreContext value={store}>
          <DownloadsInShell />
        </DownloadStoreContext>,
        { path: '/downloads', queryClient },
      );
      return { ...view, api, store, queryClient };
    }

    it('removes its saved chapters and their files once the server answers My Courses without it, and says why', async () => {
      const { store } = await openDownloads({ isOnline: true, learn: ok(myCourses) });
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
      expect(screen.getByRole('article')).toHaveAttribute('aria-label', 'Geography of India');
      expect(screen.getByRole('status')).toHaveTextContent(
        'Saved chapters of Foundations of Mathematics were removed from this device: the course is no longer among your courses',
      );
      expect((await store.list()).map((saved) => saved.subjectId)).toEqual([1]);
      expect(await store.files(2)).toBeNull();
    });

    it('keeps the chapters of an unlisted course whose content the server still opens, or cannot say about', async () => {
      // A subject course of the learner's batch that the operator unpublished: not in My Courses, still theirs.
      const unpublished = await openDownloads({ isOnline: true, learn: ok(myCourses), terms: ok([]) });
      await waitFor(() => expect(unpublished.api.callsTo('GET', '/terms/4')).toHaveLength(1));
      expect(await screen.findAllByRole('article')).toHaveLength(2);
      expect(await unpublished.store.list()).toHaveLength(2);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      // My Courses is read again after each progress report while studying: the course's answer is used again.
      await unpublished.queryClient.invalidateQueries({ queryKey: learnQueryKey });
      await waitFor(() => expect(unpublished.api.callsTo('GET', '/learn').length).toBeGreaterThan(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unpublished.api.callsTo('GET', '/terms/4')).toHaveLength(1);
      unpublished.unmount();

      const failing = await openDownloads({
        isOnline: true,
        learn: ok(myCourses),
        terms: fail(503, 'Service unavailable.'),
      });
      await waitFor(() => expect(failing.api.callsTo('GET', '/terms/4').length).toBeGreaterThan(0));
      expect(await screen.findAllByRole('article')).toHaveLength(2);
      expect(await failing.store.list()).toHaveLength(2);
    });

    it('keeps every saved chapter offline, or while the server does not answer', async () => {
      const offline = await openDownloads({ isOnline: false, learn: ok(myCourses) });
      expect(await screen.findAllByRole('article')).toHaveLength(2);
      expect(offline.api.callsTo('GET', '/learn')).toHaveLength(0);
      expect(await offline.store.list()).toHaveLength(2);
      offline.unmount();

      const failing = await openDownloads({ isOnline: true, learn: fail(503, 'Service unavailable.') });
      await waitFor(() => expect(failing.api.callsTo('GET', '/learn').length).toBeGreaterThan(0));
      expect(await screen.findAllByRole('article')).toHaveLength(2);
      expect(await failing.store.list()).toHaveLength(2);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
  });

  it('says how to save a chapter when none is saved', async () => {
    renderWithProviders(
      <DownloadStoreContext value={createMemoryStore()}>
        <DownloadsPage />
      </DownloadStoreContext>,
      { path: '/downloads' },
    );
    expect(await screen.findByText('No chapters saved for offline yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Courses' })).toHaveAttribute('href', '/learn');
  });
});

describe('SaveForOffline', () => {
  it('fetches the PDF, stores it with the course, asks to keep it, and then shows it saved', async () => {
    await signIn();
    rememberLearner(OWNER);
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });
    const pdf = '%PDF-1.7 a small file';
    stubChapterServer({ pdf });
    const store = createMemoryStore();
    const { user, button } = await renderSaveForOffline(store);
    await user.click(button);
    expect(await screen.findByText(/Saved for offline \(21 B\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Downloads' })).toHaveAttribute('href', '/downloads');
    const [saved] = await store.list();
    expect(saved).toMatchObject({
      subjectId: 7,
      name: 'Geography of India',
      courseId: 9,
      courseName: 'India and the World',
      fileType: 'pdf',
      size: 21,
      learner: OWNER,
    });
    const files = await store.files(7);
    expect(files?.kind === 'pdf' && (await files.pdf.text())).toBe(pdf);
    expect(persist).toHaveBeenCalled();
    expect(worker.registerServiceWorkerNow).toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'storage');
  });

  it('files the chapter under the learner GET /me names when this session has not heard it yet', async () => {
    await signIn();
    stubChapterServer({ me: learner() });
    const store = createMemoryStore();
    const { user, button } = await renderSaveForOffline(store);
    await user.click(button);
    expect(await screen.findByText(/Saved for offline/)).toBeInTheDocument();
    expect(await store.list()).toMatchObject([{ subjectId: 7, learner: OWNER }]);
  });

  it('says when the link has expired', async () => {
    await signIn();
    vi.stubGlobal('fetch', expiredLinkFetch());
    const { user } = renderWithProviders(
      <DownloadStoreContext value={createMemoryStore()}>
        <SaveForOffline subject={pdfSubject} />
      </DownloadStoreContext>,
      { path: '/learn-more/:id', url: '/learn-more/9' },
    );
    const button = await screen.findByRole('button', { name: 'Download for offline' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired. Open the chapter again and retry.',
    );
  });

  it('stays enabled when My Courses could not be read, and reads it again on a tap before saving', async () => {
    await signIn();
    // React Query's own two retries left out, to keep the test short.
    const queryClient = createQueryClient();
    queryClient.setQueryDefaults(['learn'], { retry: false });
    let learnReads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/learn')) {
          learnReads += 1;
          return learnReads < 3 ? new Response(null, { status: 503 }) : learnReply();
        }
        if (url === pdfSubject.file_url)
          return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
        return new Response(null, { status: 404 });
      }),
    );
    const store = createMemoryStore();
    const { user } = renderWithProviders(
      <DownloadStoreContext value={store}>
        <SaveForOffline subject={pdfSubject} />
      </DownloadStoreContext>,
      { path: '/learn-more/:id', url: '/learn-more/9', queryClient },
    );
    await waitFor(() => expect(learnReads).toBe(1));
    const button = screen.getByRole('button', { name: 'Download for offline' });
    await waitFor(() => expect(button).toBeEnabled());

    // Still failing: the tap says so.
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not download the chapter. Check your connection and try again.',
    );
    expect(learnReads).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Download for offline' }));
    expect(await screen.findByText(/Saved for offline/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await store.list()).toMatchObject([{ subjectId: 7, courseId: 9, courseName: 'India and the World' }]);
  });

  it('is not offered for a video without its renditions, or a link', () => {
    renderWithProviders(
      <DownloadStoreContext value={createMemoryStore()}>
        <SaveForOffline subject={{ ...pdfSubject, file_type: 'video', hls_url: null }} />
        <SaveForOffline subject={{ ...pdfSubject, file_type: 'link' }} />
      </DownloadStoreContext>,
      { path: '/learn-more/:id', url: '/learn-more/9' },
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
