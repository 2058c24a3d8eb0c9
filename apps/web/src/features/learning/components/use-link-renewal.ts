import { useRef, useState, type RefObject } from 'react';

/**
 * A refused link is renewed by itself once per burst of errors: fresh links refused again before
 * they played, or within this long of the last renewal, show the notice and its Retry instead
 * (docs/decisions/039-video-links-renewed-mid-lecture.md).
 */
export const RENEWAL_COOLDOWN_MS = 60_000;

/** HTMLMediaElement.HAVE_METADATA: the video had a length and a position. */
const HAVE_METADATA = 1;

export type RenewalStatus = 'idle' | 'renewing' | 'failed' | 'retrying';

/** A video chapter's signed links: the MP4, and the HLS master playlist once the renditions are ready. */
export interface VideoLinks {
  src: string;
  hlsUrl: string | null;
}

/** Where the learner was, and whether the video was playing; `isSwapped` once the fresh links took over. */
interface Place {
  seconds: number;
  isPaused: boolean;
  isSwapped: boolean;
}

export interface LinkRenewal {
  status: RenewalStatus;
  /** Why the last renewal failed (the API's error), or null when fresh links were refused again. */
  error: unknown;
  /**
   * Goes up when the renewed links leave the video's source as it was (the MP4 failed for another reason,
   * such as a dropped connection): it loads again. A new source loads by itself as it comes in as props.
   */
  generation: number;
  /** The link was refused (403, 404, 410, or the tag's own source failed): renews it, once per burst. */
  onRefused: () => void;
  /** The learner's Retry after a failure. */
  retry: () => void;
  /** Where the renewed source is to start, seconds; null when no place waits to be restored. */
  pendingPosition: () => number | null;
  /** The renewed source has its metadata: back to the place, playing or paused as before. */
  restore: (element: HTMLVideoElement) => void;
  /** The source can play: an error after this starts a new burst. */
  onCanPlay: () => void;
}

/**
 * Renews a video's signed links when they are refused mid-lecture (they last a couple of hours, and an
 * operator may replace the file), then brings the new source back to the same place and the same play
 * or pause. `renewLinks` resolves with the fresh links, which also come in as props (undefined when the
 * chapter has none any more); `isSameSource` tells whether they leave the video's source as it is.
 */
export function useLinkRenewal(
  video: RefObject<HTMLVideoElement | null>,
  options: { renewLinks: () => Promise<VideoLinks | undefined>; isSameSource: (fresh: VideoLinks) => boolean },
): LinkRenewal {
  const { renewLinks, isSameSource } = options;
  const [status, setStatus] = useState<RenewalStatus>('idle');
  const [error, setError] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);
  // Refs: media events read them between renders.
  const isBusy = useRef(false);
  const place = useRef<Place | null>(null);
  const lastRenewal = useRef<{ at: number; hasPlayed: boolean } | null>(null);

  const fail = (reason: unknown) => {
    isBusy.current = true;
    setError(reason);
    setStatus('failed');
  };

  const renew = (next: RenewalStatus) => {
    const element = video.current;
    // Only a video that had started has a place to go back to; one refused at once opens as usual.
    if (element && element.readyState >= HAVE_METADATA)
      place.current ??= { seconds: element.currentTime, isPaused: element.paused, isSwapped: false };
    isBusy.current = true;
    setStatus(next);
    renewLinks().then((fresh) => {
      // The buffer played on while the links were renewed: the place is taken again just before the swap.
      if (element && place.current && !place.current.isSwapped && element.readyState >= HAVE_METADATA)
        place.current = { seconds: element.currentTime, isPaused: element.paused, isSwapped: false };
      if (place.current) place.current.isSwapped = true;
      lastRenewal.current = { at: Date.now(), hasPlayed: false };
      isBusy.current = false;
      setError(null);
      setStatus('idle');
      // Waiting for new links to come in as props would load the refused ones meanwhile: only the same ones reload.
      if (fresh && isSameSource(fresh)) setGeneration((before) => before + 1);
    }, fail);
  };

  const onRefused = () => {
    if (isBusy.current) return;
    const last = lastRenewal.current;
    if (last && (!last.hasPlayed || Date.now() - last.at < RENEWAL_COOLDOWN_MS)) fail(null);
    else renew('renewing');
  };

  const restore = (element: HTMLVideoElement) => {
    const saved = place.current;
    if (!saved?.isSwapped) return;
    place.current = null;
    if (Math.abs(element.currentTime - saved.seconds) > 0.5) element.currentTime = saved.seconds;
    // The tag autoplays: a video the learner had paused stays paused.
    if (saved.isPaused) element.pause();
    else element.play().catch(() => undefined);
  };

  return {
    status,
    error,
    generation,
    onRefused,
    retry: () => renew('retrying'),
    pendingPosition: () => (place.current?.isSwapped ? place.current.seconds : null),
    restore,
    onCanPlay: () => {
      if (lastRenewal.current) lastRenewal.current.hasPlayed = true;
    },
  };
}
