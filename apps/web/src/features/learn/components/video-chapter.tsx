import { useEffect, useEffectEvent, useRef } from 'react';

/** How often a playing video's position is saved. */
export const SAVE_POSITION_EVERY_MS = 10_000;

interface VideoChapterProps {
  src: string;
  title: string;
  /** Where to start, seconds; null until known. Applied once. */
  resumeAt: number | null;
  onPosition: (seconds: number) => void;
}

/** An mp4 chapter: controls, autoplay and loop; resumes where the learner left off and keeps saving where they are. */
export function VideoChapter({ src, title, resumeAt, onPosition }: VideoChapterProps) {
  const video = useRef<HTMLVideoElement>(null);
  const hasResumed = useRef(false);
  const reportWhilePlaying = useEffectEvent(() => {
    const element = video.current;
    if (element && !element.paused && hasResumed.current) onPosition(element.currentTime);
  });

  // Seek once, as soon as both the video's length and the stored position are known.
  const resume = () => {
    const element = video.current;
    if (!element || hasResumed.current || resumeAt === null || element.readyState < 1) return;
    hasResumed.current = true;
    if (resumeAt > 0 && resumeAt < (element.duration || Infinity) - 1) element.currentTime = resumeAt;
  };
  useEffect(resume);

  useEffect(() => {
    const timer = window.setInterval(() => reportWhilePlaying(), SAVE_POSITION_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <video
      ref={video}
      src={src}
      title={title}
      className="chapter-media rounded"
      controls
      autoPlay
      loop
      playsInline
      onLoadedMetadata={resume}
      onPause={(event) => {
        if (hasResumed.current) onPosition(event.currentTarget.currentTime);
      }}
    >
      Your browser cannot play this video.
    </video>
  );
}
