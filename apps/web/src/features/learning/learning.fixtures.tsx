import { useEffect, type ReactNode } from 'react';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { LearnCourseItem, SubjectItem } from '@app/contracts';
import { createMemoryStore } from './offline/memory-store';
import type { DownloadStore, OfflineChapter } from './offline/store';
import type { Loader, LoaderContext } from 'hls.js';
import type { HlsConfig, HlsConstructor, HlsEventData, HlsLevel, HlsPlayer } from './components/hls-source';

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
/** The learner the fixtures' chapters are saved by: test-utils' learner() (decision 058). */
export const OWNER = 'ABCD2345';

export const chapter = (overrides: Partial<OfflineChapter> = {}): OfflineChapter => ({
  subjectId: 1,
  name: 'Geography of India',
  courseId: 9,
  courseName: 'India and the World',
  fileType: 'pdf',
  size: 20_802,
  savedAt: '2026-11-20T10:00:00.000Z',
  learner: OWNER,
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

/** A stand-in for hls.js with the same surface: records what the viewer asks and lets the test fire its events. */
export function fakeHls(options: { isSupported?: boolean } = {}) {
  const instances: FakePlayer[] = [];
  type Listener = Parameters<HlsPlayer['on']>[1];
  class FakePlayer implements HlsPlayer {
    static Events = {
      MANIFEST_PARSED: 'hlsManifestParsed',
      LEVEL_SWITCHED: 'hlsLevelSwitched',
      FRAG_LOADED: 'hlsFragLoaded',
      ERROR: 'hlsError',
    };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    static isSupported = () => options.isSupported ?? true;
    levels: HlsLevel[] = [
      { height: 240, bitrate: 464_000 },
      { height: 360, bitrate: 896_000 },
      { height: 720, bitrate: 2_928_000 },
    ];
    currentLevel = -1;
    source: string | null = null;
    media: HTMLMediaElement | null = null;
    isDestroyed = false;
    startLoad = vi.fn();
    recoverMediaError = vi.fn();
    private listeners = new Map<string, Listener[]>();
    /** As given: the player's settings, and the offline player's own loader (offline-video.tsx). */
    config: HlsConfig & { loader?: new () => Loader<LoaderContext> };
    constructor(config: HlsConfig & { loader?: new () => Loader<LoaderContext> }) {
      this.config = config;
      instances.push(this);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    }
    destroy() {
      this.isDestroyed = true;
    }
    emit(event: string, data: HlsEventData = {}) {
      act(() => {
        for (const listener of this.listeners.get(event) ?? []) listener(event, data);
      });
    }
  }
  const loadHls = vi.fn(async () => FakePlayer as unknown as HlsConstructor);
  return { loadHls, instances, Player: FakePlayer, Events: FakePlayer.Events, ErrorTypes: FakePlayer.ErrorTypes };
}

/**
 * hls.js for a test that renders the viewer inside a page, which loads it itself:
 * `vi.mock('hls.js/light', async () => ({ default: (await import('../learning.fixtures')).hlsStandIn.Player }))`
 */
export const hlsStandIn = fakeHls();

/**
 * jsdom plays nothing: a video's state as a browser would report it, which the test sets (`media`);
 * play() and pause() change it; load() starts the source again from nothing, as the browser does.
 */
export function mediaState(
  video: HTMLVideoElement,
  state: { position: number; duration: number; isPaused?: boolean; readyState?: number },
) {
  const media = { isPaused: false, readyState: 1, ...state };
  const define = (name: string, get: () => unknown) => Object.defineProperty(video, name, { get, configurable: true });
  define('readyState', () => media.readyState);
  define('duration', () => media.duration);
  define('paused', () => media.isPaused);
  Object.defineProperty(video, 'currentTime', {
    get: () => media.position,
    set: (seconds: number) => {
      media.position = seconds;
    },
    configurable: true,
  });
  const play = vi.spyOn(video, 'play').mockImplementation(async () => {
    media.isPaused = false;
  });
  const pause = vi.spyOn(video, 'pause').mockImplementation(() => {
    media.isPaused = true;
  });
  const load = vi.spyOn(video, 'load').mockImplementation(() => {
    Object.assign(media, { position: 0, readyState: 0, isPaused: true });
  });
  return { media, play, pause, load };
}
