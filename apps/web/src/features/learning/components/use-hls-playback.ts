import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import {
  currentConnection,
  hasMediaSource,
  playsHlsNatively,
  startLevelFor,
  type HlsPlayer,
  type LoadHls,
} from './hls-source';

/** How the chapter's video is fed: the MP4, HLS by the browser itself, or HLS through hls.js. */
export type PlaybackMode = 'loading' | 'mp4' | 'native-hls' | 'hls.js';

type Level = { index: number; height: number; bitrate: number };

export interface HlsPlayback {
  mode: PlaybackMode;
  /** hls.js's levels (index, height), empty until the master playlist is read and with native HLS. */
  levels: Level[];
  /** The chosen level, -1 for Auto. */
  chosenLevel: number;
  /** The level playing now (under Auto it changes with the connection); -1 until known. */
  playingLevel: number;
  chooseLevel: (index: number) => void;
}

/** Answers that mean the signed link is no longer good (expired, or the renditions replaced): loading it again cannot help. */
const REFUSED_STATUSES = new Set([403, 404, 410]);

/** The longest wait between loads after a transient network error (offline, a dropped connection). */
export const MAX_RETRY_DELAY_MS = 30_000;

/** The wait before the nth load again in a row (0 for the first): at once, then 1 s doubling up to the maximum. */
export const retryDelayMs = (retries: number) =>
  retries === 0 ? 0 : Math.min(1000 * 2 ** (retries - 1), MAX_RETRY_DELAY_MS);

/** What hls.js reported for one playlist URL; a new URL starts from nothing. */
interface Session {
  url: string;
  mode: 'hls.js' | 'mp4' | 'native-hls';
  levels: Level[];
  chosenLevel: number;
  playingLevel: number;
}

interface HlsPlaybackOptions {
  hlsUrl: string | null;
  loadHls: LoadHls;
  /** A change loads the playlist again from scratch, even at the same URL (after the links were renewed). */
  reloadKey: number;
  /** Where a new player starts loading, seconds; null: at the start (or at the stored place, seeked to later). */
  startPosition: () => number | null;
  /** A playlist or segment was refused (403, 404, 410): the link has expired or its files were replaced. */
  onRefused: () => void;
}

/**
 * Plays `hlsUrl` in `video` when given: with hls.js where Media Source Extensions exist (loaded on
 * demand, adaptive, starting low on a slow connection), else natively where the browser can; the
 * MP4 otherwise, or when hls.js gives up. A refused load is handed to `onRefused`; a transient one
 * is loaded again, at once the first time, then backing off, and at once when the browser is back online.
 */
export function useHlsPlayback(video: RefObject<HTMLVideoElement | null>, options: HlsPlaybackOptions): HlsPlayback {
  const { hlsUrl, loadHls, reloadKey } = options;
  const startPositionNow = useEffectEvent(() => options.startPosition());
  const refused = useEffectEvent(() => options.onRefused());
  const [session, setSession] = useState<Session | null>(null);
  const player = useRef<HlsPlayer | null>(null);
  // Without Media Source Extensions (older iPhones) only the browser itself can play HLS.
  const isNativeOnly = !!hlsUrl && !hasMediaSource() && playsHlsNatively();
  const current = session && session.url === hlsUrl ? session : null;

  useEffect(() => {
    const element = video.current;
    if (!hlsUrl || !element || isNativeOnly) return;
    let isCancelled = false;
    // The load waiting after a transient network error, on a timer or until the browser is back online.
    let retryTimer: number | undefined;
    let waitingLoad: (() => void) | null = null;
    const stopWaiting = () => {
      window.clearTimeout(retryTimer);
      if (waitingLoad) window.removeEventListener('online', waitingLoad);
      waitingLoad = null;
    };
    const update = (change: Partial<Session>) => {
      if (!isCancelled)
        setSession((before) => ({
          url: hlsUrl,
          mode: 'hls.js',
          levels: [],
          chosenLevel: -1,
          playingLevel: -1,
          ...(before?.url === hlsUrl ? before : {}),
          ...change,
        }));
    };
    loadHls()
      .then((Hls) => {
        if (isCancelled) return;
        if (!Hls.isSupported()) {
          update({ mode: playsHlsNatively() ? 'native-hls' : 'mp4' });
          return;
        }
        const startPosition = startPositionNow();
        const hls = new Hls({
          startLevel: startLevelFor(currentConnection()),
          capLevelToPlayerSize: true,
          ...(startPosition === null ? {} : { startPosition }),
        });
        player.current = hls;
        let mediaRecoveries = 0;
        let networkRetries = 0;
        // hls.js has already retried a few times by itself before an error is fatal: at once the first
        // time, then backing off, so a phone offline for a while does not ask again and again at full speed.
        const loadAgain = () => {
          stopWaiting();
          const delay = retryDelayMs(networkRetries++);
          if (delay === 0) return hls.startLoad();
          const load = () => {
            stopWaiting();
            hls.startLoad();
          };
          waitingLoad = load;
          retryTimer = window.setTimeout(load, delay);
          window.addEventListener('online', load);
        };
        hls.on(Hls.Events.MANIFEST_PARSED, () => {
          update({
            levels: hls.levels.map((level, index) => ({ index, height: level.height, bitrate: level.bitrate })),
          });
        });
        hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => update({ playingLevel: data.level ?? -1 }));
        hls.on(Hls.Events.FRAG_LOADED, () => {
          networkRetries = 0;
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
            if (REFUSED_STATUSES.has(data.response?.code ?? 0)) refused();
            else loadAgain();
          } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries++ < 2) hls.recoverMediaError();
          else {
            // Give up on HLS for this chapter: the MP4 still plays.
            stopWaiting();
            hls.destroy();
            player.current = null;
            update({ mode: 'mp4', levels: [] });
          }
        });
        hls.loadSource(hlsUrl);
        hls.attachMedia(element);
        update({ mode: 'hls.js' });
      })
      .catch(() => update({ mode: 'mp4' }));
    return () => {
      isCancelled = true;
      stopWaiting();
      player.current?.destroy();
      player.current = null;
    };
  }, [video, hlsUrl, loadHls, isNativeOnly, reloadKey]);

  const chooseLevel = (index: number) => {
    if (hlsUrl) setSession((before) => (before?.url === hlsUrl ? { ...before, chosenLevel: index } : before));
    if (player.current) player.current.currentLevel = index;
  };

  const mode: PlaybackMode = !hlsUrl ? 'mp4' : isNativeOnly ? 'native-hls' : (current?.mode ?? 'loading');
  return {
    mode,
    levels: current?.levels ?? [],
    chosenLevel: current?.chosenLevel ?? -1,
    playingLevel: current?.playingLevel ?? -1,
    chooseLevel,
  };
}
