import { useEffect, useEffectEvent, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import type { ProgressReport } from '@app/contracts';
import { createWatchTracker } from './watch-tracker';

/** How often a playing video reports its progress (position, length, seconds watched). */
export const SAVE_POSITION_EVERY_MS = 10_000;

interface VideoProgressOptions {
  /** Where to start, seconds; null until known. Applied once. */
  resumeAt: number | null;
  /** Progress reports: while playing, on pause and end, and when the video closes. */
  onProgress: (report: ProgressReport) => void;
  /** While a new source loads, the place it will resume at (reported instead of the new source's 0); null otherwise. */
  pendingPosition?: () => number | null;
}

type MediaEvent = SyntheticEvent<HTMLVideoElement>;

export interface VideoProgress {
  /** Seeks to `resumeAt` once the video's length is known: call it on loadedmetadata too. */
  resume: (element: HTMLVideoElement | null) => void;
  /** The `<video>`'s handlers that count the seconds watched and report on pause and end. */
  handlers: {
    onTimeUpdate: (event: MediaEvent) => void;
    onPause: (event: MediaEvent) => void;
    onEnded: (event: MediaEvent) => void;
  };
}

/**
 * A video chapter's progress, online or saved on the device: resumes once at the stored position and reports where
 * the learner is, the video's length and the seconds actually watched (seeking adds nothing, so only watching
 * completes the chapter: the server counts it done at 90% watched), every 10 s while playing, on pause and end, and
 * when the video closes.
 */
export function useVideoProgress(
  video: RefObject<HTMLVideoElement | null>,
  { resumeAt, onProgress, pendingPosition }: VideoProgressOptions,
): VideoProgress {
  const hasResumed = useRef(false);
  const [tracker] = useState(createWatchTracker);
  /**
   * The position only once resumed, so a report before the seek cannot overwrite the stored one; while a new source
   * loads, the place it will resume at.
   */
  const reportNow = (element: HTMLVideoElement) => {
    const watched = tracker.take();
    if (!hasResumed.current && watched === 0) return;
    const duration = element.duration;
    onProgress({
      ...(hasResumed.current ? { position_seconds: pendingPosition?.() ?? element.currentTime } : {}),
      ...(Number.isFinite(duration) && duration > 0 ? { duration_seconds: duration } : {}),
      watched_seconds: watched,
    });
  };
  const report = useEffectEvent(reportNow);

  // Seek once, as soon as both the video's length and the stored position are known.
  const resume = (element: HTMLVideoElement | null) => {
    if (!element || hasResumed.current || resumeAt === null || element.readyState < 1) return;
    hasResumed.current = true;
    if (resumeAt > 0 && resumeAt < (element.duration || Infinity) - 1) element.currentTime = resumeAt;
  };
  useEffect(() => resume(video.current));

  useEffect(() => {
    // Kept here: the ref is already cleared when the cleanup runs.
    const element = video.current;
    if (!element) return;
    const timer = window.setInterval(() => {
      if (!element.paused) report(element);
    }, SAVE_POSITION_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      report(element);
    };
  }, [video]);

  return {
    resume,
    handlers: {
      onTimeUpdate: (event) => tracker.tick(event.currentTarget.currentTime),
      onPause: (event) => reportNow(event.currentTarget),
      onEnded: (event) => reportNow(event.currentTarget),
    },
  };
}
