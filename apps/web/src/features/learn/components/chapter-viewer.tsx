import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import type { SubjectItem } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { useTermSubjects } from '../api/get-term-subjects';
import { VideoChapter } from './video-chapter';

/** The viewer is unmounted and mounted again this long after the subject changes (spec section 9). */
export const VIEWER_RELOAD_DELAY_MS = 100;

/** A YouTube page or share link as the embeddable player URL; other URLs as they are. */
export function youtubeEmbedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^www\.|^m\./, '');
    let id: string | null = null;
    if (host === 'youtu.be') id = parsed.pathname.slice(1);
    else if ((host === 'youtube.com' || host === 'youtube-nocookie.com') && parsed.pathname === '/watch') id = parsed.searchParams.get('v');
    else if (host === 'youtube.com' && parsed.pathname.startsWith('/shorts/')) id = parsed.pathname.split('/')[2] ?? null;
    return id ? `https://www.youtube.com/embed/${encodeURIComponent(id)}` : url;
  } catch {
    return url;
  }
}

/** Mounts `key`'s content only after it has stayed the same for `delayMs`: each change is a fresh load. */
function useDelayedMount(key: number, delayMs: number): boolean {
  const [mounted, setMounted] = useState<number | null>(null);
  useEffect(() => {
    // Anything but `key` counts as unmounted, so a change unmounts at once and mounts after the delay.
    const timer = window.setTimeout(() => setMounted(key), delayMs);
    return () => window.clearTimeout(timer);
  }, [key, delayMs]);
  return mounted === key;
}

interface ChapterContentProps {
  subject: SubjectItem;
  resumeAt: number | null;
  onPosition: (seconds: number) => void;
}

function ChapterContent({ subject, resumeAt, onPosition }: ChapterContentProps) {
  switch (subject.file_type) {
    case 'pdf':
      return <iframe src={`${subject.file_url}#toolbar=0`} title={subject.name} className="chapter-frame rounded" />;
    case 'youtube':
      return (
        <iframe
          src={youtubeEmbedUrl(subject.file_url)}
          title={subject.name}
          className="chapter-youtube rounded"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      );
    case 'video':
      return <VideoChapter src={subject.file_url} hlsUrl={subject.hls_url} title={subject.name} resumeAt={resumeAt} onPosition={onPosition} />;
    case 'link':
      return (
        <div className="bg-white rounded p-4 text-center">
          <a href={subject.file_url} target="_blank" rel="noopener" className="btn btn-primary">click here to view details</a>
        </div>
      );
  }
}

interface ChapterViewerProps {
  termId: number;
  subjectId: number;
  resumeAt: number | null;
  onPosition: (subjectId: number, seconds: number) => void;
}

/** The chosen subject's file, by its file_type (spec section 2, Learn-more). */
export function ChapterViewer({ termId, subjectId, resumeAt, onPosition }: ChapterViewerProps) {
  const subjects = useTermSubjects(termId);
  const isMounted = useDelayedMount(subjectId, VIEWER_RELOAD_DELAY_MS);
  const subject = subjects.data?.find((item) => item.id === subjectId);

  if (subjects.isError) return <Alert variant="danger">{errorMessage(subjects.error)}</Alert>;
  if (!subject || !isMounted) {
    if (subjects.data && !subject) return <Alert variant="warning">This chapter is no longer available.</Alert>;
    return <div className="text-center py-5"><Spinner animation="border" variant="primary" role="status"><span className="visually-hidden">Loading chapter…</span></Spinner></div>;
  }
  return (
    <article aria-label={subject.name}>
      <h2 className="h5 mb-1">{subject.name}</h2>
      {subject.about && <p className="text-body-secondary small mb-3">{subject.about}</p>}
      <ChapterContent subject={subject} resumeAt={resumeAt} onPosition={(seconds) => onPosition(subject.id, seconds)} />
    </article>
  );
}
