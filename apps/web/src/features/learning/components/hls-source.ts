/**
 * The slice of hls.js the chapter viewer uses. hls.js is loaded on demand (its own chunk, never
 * in the initial bundle), and tests hand the viewer a stand-in through `loadHls`, since jsdom
 * cannot play media.
 */
export interface HlsLevel {
  height: number;
  bitrate: number;
}

/** What hls.js tells about an event: the level switched to, or an error with the answer that caused it. */
export interface HlsEventData {
  level?: number;
  fatal?: boolean;
  type?: string;
  /** A load's answer; `code` is its HTTP status (0 when nothing came back). */
  response?: { code?: number };
}

/** hls.js's options the viewer sets; `startPosition` (seconds) starts loading there instead of at 0. */
export interface HlsConfig {
  startLevel: number;
  capLevelToPlayerSize: boolean;
  startPosition?: number;
}

export interface HlsPlayer {
  readonly levels: HlsLevel[];
  /** The level playing; setting it switches now; -1 turns automatic (ABR) switching back on. */
  currentLevel: number;
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  on(event: string, listener: (event: string, data: HlsEventData) => void): void;
  startLoad(): void;
  recoverMediaError(): void;
  destroy(): void;
}

export interface HlsConstructor {
  new (config: HlsConfig): HlsPlayer;
  isSupported(): boolean;
  readonly Events: { MANIFEST_PARSED: string; LEVEL_SWITCHED: string; FRAG_LOADED: string; ERROR: string };
  readonly ErrorTypes: { NETWORK_ERROR: string; MEDIA_ERROR: string };
}

export type LoadHls = () => Promise<HlsConstructor>;

/** The light build: adaptive streaming without subtitles or DRM, which chapters do not use. */
export const loadHlsJs: LoadHls = async () => {
  const { default: Hls } = await import('hls.js/light');
  // hls.js types `on` per event; the viewer only listens to the four named above.
  return Hls as unknown as HlsConstructor;
};

interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/**
 * The level to start at: the lowest on a slow or data-saving connection (as the browser reports
 * it), else -1: hls.js picks from its bandwidth estimate and keeps adapting either way.
 */
export function startLevelFor(connection: NetworkInformationLike | undefined): number {
  if (!connection) return -1;
  if (connection.saveData) return 0;
  return connection.effectiveType === 'slow-2g' ||
    connection.effectiveType === '2g' ||
    connection.effectiveType === '3g'
    ? 0
    : -1;
}

/** The browser's connection, where it tells (Chromium, Android); undefined elsewhere. */
export const currentConnection = (): NetworkInformationLike | undefined =>
  (navigator as Navigator & { connection?: NetworkInformationLike }).connection;

/** True when the browser plays HLS itself (Safari, iOS, recent Chromium). */
export const playsHlsNatively = () =>
  document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';

/**
 * True when hls.js can run (Media Source Extensions). Where it can, it is preferred even over
 * native HLS: it gives the quality menu and the slow-connection start; recent Chromium answers
 * canPlayType for HLS too, which would otherwise lose both.
 */
export const hasMediaSource = () => 'MediaSource' in window || 'ManagedMediaSource' in window;
