import { MAX_WATCHED_DELTA_SECONDS } from '@app/contracts';

/** A step of the playhead longer than this is a seek (or the loop restarting), not watching. */
const MAX_STEP_SECONDS = 5;

export interface WatchTracker {
  /** The playhead now, while playing (each timeupdate, or a poll): small forward steps count as watched. */
  tick: (seconds: number) => void;
  /** The whole seconds watched since the last take (at most one report's worth); the rest stays. */
  take: () => number;
}

/**
 * Seconds actually played, for progress reports (the server adds them up to the video's length and
 * counts a video done at 90%): jumping to the end by seeking adds nothing.
 */
export function createWatchTracker(): WatchTracker {
  let last: number | null = null;
  let watched = 0;
  return {
    tick(seconds) {
      if (last !== null) {
        const step = seconds - last;
        if (step > 0 && step <= MAX_STEP_SECONDS) watched += step;
      }
      last = seconds;
    },
    take() {
      const whole = Math.min(Math.floor(watched), MAX_WATCHED_DELTA_SECONDS);
      watched -= whole;
      return whole;
    },
  };
}
