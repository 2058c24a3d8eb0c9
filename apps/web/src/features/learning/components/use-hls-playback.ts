import { useEffect, useRef, useState, type RefObject } from 'react';
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

/** What hls.js reported for one playlist URL; a new URL starts from nothing. */
interface Session {
  url: string;
  mode: 'hls.js' | 'mp4' | 'native-hls';
  levels: Level[];
  chosenLevel: number;
  playingLevel: number;
}

/**
 * Plays `hlsUrl` in `video` when given: with hls.js where Media Source Extensions exist (loaded on
 * demand, adaptive, starting low on a slow connection), else natively where the browser can; the
 * MP4 otherwise, or when hls.js gives up.
 */
export function useHlsPlayback(
  video: RefObject<HTMLVideoElement | null>,
  options: { hlsUrl: string | null; loadHls: LoadHls },
): HlsPlayback {
  const { hlsUrl, loadHls } = options;
  const [session, setSession] = useState<Session | null>(null);
  const player = useRef<HlsPlayer | null>(null);
  // Without Media Source Extensions (older iPhones) only the browser itself can play HLS.
  const isNativeOnly = !!hlsUrl && !hasMediaSource() && playsHlsNatively();
  const current = session && session.url === hlsUrl ? session : null;

  useEffect(() => {
    const element = video.current;
    if (!hlsUrl || !element || isNativeOnly) return;
    let isCancelled = false;
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
        const hls = new Hls({ startLevel: startLevelFor(currentConnection()), capLevelToPlayerSize: true });
        player.current = hls;
        let mediaRecoveries = 0;
        hls.on(Hls.Events.MANIFEST_PARSED, () => {
          update({
            levels: hls.levels.map((level, index) => ({ index, height: level.height, bitrate: level.bitrate })),
          });
        });
        hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => update({ playingLevel: data.level ?? -1 }));
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
          else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries++ < 2) hls.recoverMediaError();
          else {
            // Give up on HLS for this chapter: the MP4 still plays.
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
      player.current?.destroy();
      player.current = null;
    };
  }, [video, hlsUrl, loadHls, isNativeOnly]);

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
