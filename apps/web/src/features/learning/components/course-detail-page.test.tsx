import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProgressData, SubjectItem, TermItem } from '@app/contracts';
import { createQueryClient } from '@/lib/query';
import { deferred, fail, mockApi, ok, type MockReply } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import { termSubjectsQueryOptions } from '../api/get-term-subjects';
import { hlsStandIn, mediaState } from '../learning.fixtures';
import { CourseDetailPage } from './course-detail-page';

// 'Save for offline' registers the offline worker, which needs the PWA plugin's virtual module.
vi.mock('@/lib/service-worker', () => ({ registerServiceWorkerNow: vi.fn(async () => undefined) }));
// jsdom cannot play media: hls.js stands in, recording what the viewer asks of it.
vi.mock('hls.js/light', async () => ({ default: (await import('../learning.fixtures')).hlsStandIn.Player }));

const subject = (id: number, name: string, file_type: SubjectItem['file_type'], file_url: string): SubjectItem => ({
  id,
  name,
  about: '',
  photo_path: null,
  file_type,
  file_url,
  hls_url: null,
});
const term1Subjects = [
  subject(11, 'Fractions', 'pdf', '/live-connect/api/files/subjects/11?u=1&e=2&s=x'),
  subject(12, 'Intro video', 'video', '/live-connect/api/files/subjects/12?u=1&e=2&s=x'),
];
const term2Subjects = [
  subject(21, 'Ratios explained', 'youtube', 'https://www.youtube.com/watch?v=abc123'),
  subject(22, 'Further reading', 'link', 'https://example.org/ratios'),
];
const summary = ({ id, name, about, photo_path, file_type }: SubjectItem) => ({
  id,
  name,
  about,
  photo_path,
  file_type,
});
const terms: TermItem[] = [
  { id: 1, name: 'Term 1: Numbers', about: '', photo_path: null, termSubjects: term1Subjects.map(summary) },
  { id: 2, name: 'Term 2: Ratios', about: '', photo_path: null, termSubjects: term2Subjects.map(summary) },
];
const progress = (overrides: Partial<ProgressData> = {}): ProgressData => ({
  course_id: 3,
  last_subject_id: null,
  last_term_id: null,
  position_seconds: 0,
  page: null,
  studied_subject_ids: [],
  completed_subject_ids: [],
  passed_quiz_subject_ids: [],
  total_subjects: 4,
  total_quizzes: 0,
  percent: 0,
  ...overrides,
});

/** GET /learn: the learner's courses, this one among them. */
const learnData = {
  course: [
    {
      id: 3,
      name: 'Foundations of Mathematics',
      photo_path: null,
      price: 1,
      offer_price: 1,
      about: '',
      video_path: null,
      category_id: 1,
      certificate_id: null,
      certificate_url: null,
      progress_percent: 0,
    },
  ],
  school: [],
};

async function openCourse(
  progressData: ProgressData | (() => Promise<MockReply>),
  url = '/learn-more/3',
  replies: Record<string, MockReply | (() => MockReply)> = {},
  queryClient = createQueryClient(),
) {
  const server = mockApi({
    'GET /learn': ok(learnData),
    'GET /terms/3': ok(terms),
    'GET /progress/3': typeof progressData === 'function' ? progressData : ok(progressData),
    'GET /term-subjects/1': ok(term1Subjects),
    'GET /term-subjects/2': ok(term2Subjects),
    'POST /progress': (call) => {
      const { subject_id } = call.body as { subject_id: number };
      const termId = subject_id < 20 ? 1 : 2;
      return ok(progress({ last_subject_id: subject_id, last_term_id: termId, studied_subject_ids: [subject_id] }));
    },
    ...replies,
  });
  await signIn();
  const view = renderWithProviders(<CourseDetailPage />, { path: '/learn-more/:id', url, queryClient });
  // Opened at another page ('/learn'), the test goes to the course itself.
  if (url.startsWith('/learn-more/')) {
    await screen.findByRole('heading', { level: 1, name: 'Foundations of Mathematics' }, { timeout: 5000 });
  }
  return { ...view, server };
}

describe('CourseDetailPage (learn-more)', () => {
  it("lists the terms with a 'Quiz' link each and a 'Quiz' link per subject", async () => {
    await openCourse(progress());
    expect(await screen.findByRole('button', { name: 'Term 1: Numbers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quiz: Term 1: Numbers' })).toHaveAttribute('href', '/quiz/11?course=3');
    expect(screen.getByRole('link', { name: 'Quiz: Term 2: Ratios' })).toHaveAttribute('href', '/quiz/21?course=3');
    expect(screen.getByRole('link', { name: 'Quiz: Intro video' })).toHaveAttribute('href', '/quiz/12?course=3');
  });

  it('resumes the last subject at its stored position', async () => {
    await openCourse(
      progress({ last_subject_id: 12, last_term_id: 1, position_seconds: 95, studied_subject_ids: [12] }),
    );
    const video = await screen.findByTitle('Intro video');
    expect(video.tagName).toBe('VIDEO');
    expect(screen.getByRole('button', { name: /Intro video/ })).toHaveAttribute('aria-current', 'true');
  });

  it('opens no term until it knows where the learner left off, so the list does not jump to the resumed one', async () => {
    const progressReply = deferred();
    const { server } = await openCourse(progressReply.handler);
    await waitFor(() => expect(server.callsTo('GET', '/terms/3')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Term 1: Numbers' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');

    progressReply.release(ok(progress({ last_subject_id: 21, last_term_id: 2, studied_subject_ids: [21] })));
    expect(await screen.findByRole('button', { name: 'Term 2: Ratios' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Term 1: Numbers' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("keeps the way back above the title, and the terms wait for the course's name, so neither moves under a tap", async () => {
    const learnReply = deferred();
    const server = mockApi({
      'GET /learn': learnReply.handler,
      'GET /terms/3': ok(terms),
      'GET /progress/3': ok(progress()),
    });
    await signIn();
    renderWithProviders(<CourseDetailPage />, { path: '/learn-more/:id', url: '/learn-more/3' });
    await waitFor(() => expect(server.callsTo('GET', '/progress/3')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The name (and so the title's length) is not known yet: the link is above the title, the terms not shown.
    const back = screen.getByRole('link', { name: 'Back to My Courses' });
    const title = screen.getByRole('heading', { level: 1 });
    expect(back.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Term 1: Numbers' })).not.toBeInTheDocument();

    learnReply.release(ok(learnData));
    expect(await screen.findByRole('button', { name: 'Term 1: Numbers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Foundations of Mathematics');
  });

  it('opens a subject (marking it studied), and shows each file type its way', async () => {
    const { user, server } = await openCourse(progress());
    await user.click(await screen.findByRole('button', { name: 'Term 2: Ratios' }));
    await user.click(await screen.findByRole('button', { name: /Ratios explained/ }));
    const youtube = await screen.findByTitle('Ratios explained');
    // The player API is on, so the YouTube chapter reports how much was watched.
    expect(youtube.getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/abc123\?enablejsapi=1&origin=/,
    );
    expect(server.callsTo('POST', '/progress').map((c) => c.body)).toContainEqual({ subject_id: 21 });

    await user.click(screen.getByRole('button', { name: /Further reading/ }));
    const link = await screen.findByRole('link', { name: 'click here to view details' });
    expect(link).toHaveAttribute('href', 'https://example.org/ratios');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(screen.queryByTitle('Ratios explained')).not.toBeInTheDocument();
    // Opening the link finishes the chapter.
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    await waitFor(() =>
      expect(server.callsTo('POST', '/progress').map((c) => c.body)).toContainEqual({
        subject_id: 22,
        completed: true,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Term 1: Numbers' }));
    await user.click(await screen.findByRole('button', { name: /Intro video/ }));
    const video = await screen.findByTitle('Intro video');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/live-connect/api/files/subjects/12?u=1&e=2&s=x');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('autoplay');
  });

  it('shows each chapter done, opened or not started, and passed quizzes', async () => {
    await openCourse(
      progress({ studied_subject_ids: [11, 12], completed_subject_ids: [11], passed_quiz_subject_ids: [12] }),
    );
    const done = await screen.findByRole('button', { name: /Fractions/ });
    expect(within(done).getByText('Done:')).toBeInTheDocument();
    expect(within(done).getByTitle('Done')).toBeInTheDocument();
    const opened = screen.getByRole('button', { name: /Intro video/ });
    expect(within(opened).getByText('Opened:')).toBeInTheDocument();
    expect(within(opened).getByTitle('Opened, not finished yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Term 2: Ratios' }));
    const fresh = await screen.findByRole('button', { name: /Ratios explained/ });
    expect(within(fresh).getByTitle('Not started')).toBeInTheDocument();

    const passed = screen.getByRole('link', { name: 'Quiz: Intro video (passed)' });
    expect(passed).toHaveTextContent('Passed');
    expect(passed).toHaveAttribute('href', '/quiz/12?course=3');
    expect(screen.getByRole('link', { name: 'Quiz: Fractions' })).toHaveTextContent('Quiz');
  });

  it('opens the chapter named by ?subject= (the dashboard link) with its term expanded, at the stored place', async () => {
    const { server } = await openCourse(
      progress({ last_subject_id: 11, last_term_id: 1, studied_subject_ids: [11, 21] }),
      '/learn-more/3?subject=21',
    );
    const youtube = await screen.findByTitle('Ratios explained');
    expect(screen.getByRole('button', { name: /Ratios explained/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Term 2: Ratios' })).toHaveAttribute('aria-expanded', 'true');
    // Not the last one studied: it is opened like a click, and the answer gives its place.
    expect(server.callsTo('POST', '/progress').map((c) => c.body)).toEqual([{ subject_id: 21 }]);
    expect(youtube.getAttribute('src')).toContain('enablejsapi=1');
  });

  it('resumes a linked chapter that is the last one studied without reporting anything', async () => {
    const { server } = await openCourse(
      progress({ last_subject_id: 21, last_term_id: 2, position_seconds: 95, studied_subject_ids: [21] }),
      '/learn-more/3?subject=21',
    );
    const youtube = await screen.findByTitle('Ratios explained');
    expect(youtube.getAttribute('src')).toContain('start=95');
    expect(server.callsTo('POST', '/progress')).toEqual([]);
  });

  it('offers Retry, not an endless spinner, when the progress cannot be read, and then opens the chapter', async () => {
    // The read fails once (React Query's own two retries left out, to keep the test short).
    const queryClient = createQueryClient();
    queryClient.setQueryDefaults(['progress'], { retry: false });
    let progressReads = 0;
    const { user, server } = await openCourse(
      async () => {
        progressReads += 1;
        return progressReads === 1
          ? fail(503, 'Service Unavailable')
          : ok(progress({ last_subject_id: 11, last_term_id: 1, studied_subject_ids: [11] }));
      },
      '/learn-more/3?subject=21',
      {},
      queryClient,
    );
    expect(await screen.findByText('Could not load this page. Check your connection and try again.')).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/progress')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const youtube = await screen.findByTitle('Ratios explained');
    expect(youtube.getAttribute('src')).toContain('enablejsapi=1');
    expect(screen.getByRole('button', { name: /Ratios explained/ })).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(server.callsTo('POST', '/progress').map((c) => c.body)).toEqual([{ subject_id: 21 }]));
  });

  describe("the phone's Back while a chapter covers the screen", () => {
    /** My Courses, then 'View More': the course page opened by a link, as the app does. */
    async function viewMore(progressData: ProgressData) {
      const view = await openCourse(progressData, '/learn');
      await act(() => view.router.navigate('/learn-more/3'));
      return view;
    }
    const where = (router: { state: { location: { pathname: string; search: string } } }) =>
      `${router.state.location.pathname}${router.state.location.search}`;

    it('opens the chapter studied last in an entry of its own: Back shows the list, a second Back leaves', async () => {
      // Before, Back went straight to My Courses, and 'View More' opened the same chapter again: a loop for a child.
      const { router, server } = await viewMore(
        progress({ last_subject_id: 12, last_term_id: 1, position_seconds: 95, studied_subject_ids: [12] }),
      );
      expect(await screen.findByTitle('Intro video')).toBeInTheDocument();
      expect(where(router)).toBe('/learn-more/3?subject=12');

      await act(() => router.navigate(-1));
      expect(where(router)).toBe('/learn-more/3');
      await waitFor(() => expect(screen.queryByTitle('Intro video')).not.toBeInTheDocument());
      expect(screen.queryByRole('region', { name: 'Chapter' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Intro video/ })).not.toHaveAttribute('aria-current');
      // Resumed, not opened anew: nothing reported.
      expect(server.callsTo('POST', '/progress')).toEqual([]);

      await act(() => router.navigate(-1));
      expect(where(router)).toBe('/learn');
    });

    it('opens a tapped chapter in a new entry, and its close button goes back to the list', async () => {
      const { router, user } = await viewMore(progress());
      await user.click(await screen.findByRole('button', { name: 'Term 2: Ratios' }));
      await user.click(await screen.findByRole('button', { name: /Ratios explained/ }));
      expect(await screen.findByTitle('Ratios explained')).toBeInTheDocument();
      expect(where(router)).toBe('/learn-more/3?subject=21');

      await act(() => router.navigate(-1));
      expect(where(router)).toBe('/learn-more/3');
      await waitFor(() => expect(screen.queryByTitle('Ratios explained')).not.toBeInTheDocument());

      await user.click(screen.getByRole('button', { name: /Further reading/ }));
      expect(await screen.findByRole('link', { name: 'click here to view details' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(where(router)).toBe('/learn-more/3'));
      expect(router.state.historyAction).toBe('POP');
      expect(screen.queryByRole('link', { name: 'click here to view details' })).not.toBeInTheDocument();
      await act(() => router.navigate(-1));
      expect(where(router)).toBe('/learn');
    });

    it('closes a chapter the address named on arrival (the dashboard’s Continue) to the list, not out of the course', async () => {
      const { router, user } = await openCourse(
        progress({ last_subject_id: 11, last_term_id: 1, studied_subject_ids: [11, 21] }),
        '/learn-more/3?subject=21',
      );
      expect(await screen.findByTitle('Ratios explained')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(where(router)).toBe('/learn-more/3'));
      expect(router.state.historyAction).toBe('REPLACE');
      // The list, not the chapter studied last opened in its place.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(where(router)).toBe('/learn-more/3');
      expect(screen.queryByTitle('Ratios explained')).not.toBeInTheDocument();
      expect(screen.queryByTitle('Fractions')).not.toBeInTheDocument();
    });
  });

  it("says so when the course is not the learner's", async () => {
    mockApi({
      'GET /learn': ok({ course: [], school: [] }),
      'GET /terms/3': fail(403, 'You do not have access to this.'),
      'GET /progress/3': fail(403, 'You do not have access to this.'),
    });
    await signIn();
    renderWithProviders(<CourseDetailPage />, { path: '/learn-more/:id', url: '/learn-more/3' });
    expect(await screen.findByText('You do not have access to this.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase Courses' })).toHaveAttribute('href', '/courses');
  });
});

describe('CourseDetailPage: video links that expire (signed for two hours)', () => {
  /** A video chapter of term 1 as GET /term-subjects gives it, its links signed at the `signing`th call. */
  const lecture = (id: number, name: string, signing: number): SubjectItem => ({
    ...subject(id, name, 'video', `/live-connect/api/files/subjects/${id}?u=1&e=${signing}&s=x`),
    hls_url: `/live-connect/api/files/subjects/${id}/hls/3/1-${signing}-abc/master.m3u8`,
  });
  const lectureTerms: TermItem[] = [
    {
      ...terms[0]!,
      termSubjects: [lecture(12, 'Intro video', 0), lecture(13, 'Second lecture', 0)].map(summary),
    },
  ];
  /** GET /term-subjects/1, signing the links afresh at each call as the API does. */
  const signingAfresh = () => {
    let signing = 0;
    return () => {
      signing += 1;
      return ok([lecture(12, 'Intro video', signing), lecture(13, 'Second lecture', signing)]);
    };
  };
  const players = () => hlsStandIn.instances;
  const playerOf = (subjectId: number) =>
    players().filter((player) => player.source?.includes(`/subjects/${subjectId}/`));

  beforeEach(() => {
    hlsStandIn.instances.length = 0;
  });
  afterEach(() => {
    notifyManager.setScheduler(defaultScheduler);
  });

  it('asks for fresh links when a segment is refused (403) mid-lecture, and goes on from the same place, playing', async () => {
    const { server } = await openCourse(
      progress({ last_subject_id: 12, last_term_id: 1, position_seconds: 95, studied_subject_ids: [12] }),
      '/learn-more/3',
      { 'GET /terms/3': ok(lectureTerms), 'GET /term-subjects/1': signingAfresh() },
    );
    await waitFor(() => expect(players()).toHaveLength(1));
    const first = players()[0]!;
    expect(first.source).toBe(lecture(12, 'Intro video', 1).hls_url);
    const video = screen.getByTitle('Intro video') as HTMLVideoElement;
    const media = mediaState(video, { position: 0, duration: 2700 });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(95);

    // 25 minutes into the third lecture of the evening, the link's two hours are up. (React Query tells the page
    // of the fresh links a little later, as it can in a browser: nothing may load the refused link meanwhile.)
    media.media.position = 1500;
    notifyManager.setScheduler((callback) => setTimeout(callback, 30));
    first.emit(hlsStandIn.Events.ERROR, {
      fatal: true,
      type: hlsStandIn.ErrorTypes.NETWORK_ERROR,
      response: { code: 403 },
    });
    await waitFor(() => expect(players().length).toBeGreaterThan(1));
    expect(players().map((player) => player.source)).toEqual([first.source, lecture(12, 'Intro video', 2).hls_url]);
    expect(server.callsTo('GET', '/term-subjects/1')).toHaveLength(2);
    expect(first.isDestroyed).toBe(true);
    const second = players()[1]!;
    expect(second.source).toBe(lecture(12, 'Intro video', 2).hls_url);
    expect(second.media).toBe(video);
    expect(second.config.startPosition).toBe(1500);

    // The new source starts from nothing; once it has its metadata, the video is back where it was, playing.
    Object.assign(media.media, { position: 0, isPaused: true });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(1500);
    expect(media.play).toHaveBeenCalled();
    expect(media.pause).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the next chapter with freshly signed links when the kept ones are older than 30 minutes', async () => {
    const { queryClient, user, server } = await openCourse(
      progress({ last_subject_id: 12, last_term_id: 1, position_seconds: 95, studied_subject_ids: [12] }),
      '/learn-more/3',
      { 'GET /terms/3': ok(lectureTerms), 'GET /term-subjects/1': signingAfresh() },
    );
    await waitFor(() => expect(players()).toHaveLength(1));
    expect(server.callsTo('GET', '/term-subjects/1')).toHaveLength(1);

    // The first lecture took 45 minutes: the links the page keeps were signed that long ago.
    const { queryKey } = termSubjectsQueryOptions(1);
    queryClient.setQueryData(queryKey, queryClient.getQueryData(queryKey), { updatedAt: Date.now() - 45 * 60_000 });
    await user.click(screen.getByRole('button', { name: /Second lecture/ }));

    await waitFor(() => expect(playerOf(13)).toHaveLength(1));
    expect(server.callsTo('GET', '/term-subjects/1')).toHaveLength(2);
    expect(playerOf(13)[0]!.source).toBe(lecture(13, 'Second lecture', 2).hls_url);
  });
});
