import { useEffect, useEffectEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import type { ProgressReport, SubjectItem } from '@app/contracts';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/loading-overlay';
import { TERM_SUBJECTS_STALE_MS, useRenewTermSubjects, useTermSubjects } from '../api/get-term-subjects';
import { VideoChapter } from './video-chapter';
import { YouTubeChapter } from './youtube-chapter';
import { SaveForOffline } from '../offline/save-for-offline';
import { LazyPdfReader } from './lazy-pdf-reader';

/** The viewer is unmounted and mounted again this long after the subject changes (docs/product/learning-and-quizzes.md#chapter-viewer). */
export const VIEWER_RELOAD_DELAY_MS = 100;

/**
 * Mounts `key`'s content only after it has stayed the same for `delayMs`: each change is a fresh load.
 * Gives the time it became due (ms since the epoch), null before; `onDue` is called then.
 */
function useDelayedMount(key: number, delayMs: number, onDue: (at: number) => void): number | null {
  const [due, setDue] = useState<{ key: number; at: number } | null>(null);
  const becomeDue = useEffectEvent(() => {
    const at = Date.now();
    onDue(at);
    setDue({ key, at });
  });
  useEffect(() => {
    // Anything but `key` counts as unmounted, so a change unmounts at once and mounts after the delay.
    const timer = window.setTimeout(becomeDue, delayMs);
    return () => window.clearTimeout(timer);
  }, [key, delayMs]);
  return due?.key === key ? due.at : null;
}

/** Where a chapter starts: the stored video position and PDF page (null: none stored). */
export interface ChapterResume {
  /** Null while not known yet: the viewer waits for it. */
  positionSeconds: number | null;
  page: number | null;
}

interface ChapterContentProps {
  subject: SubjectItem;
  /** Known (positionSeconds not null) by the time the content mounts. */
  resume: ChapterResume;
  /** How far the learner got (POST /progress without subject_id); the server decides what is done. */
  onProgress: (report: ProgressReport) => void;
  /** The server counts this chapter done. */
  isDone: boolean;
  /** Signs the term's links again (a video's link refused mid-lecture). */
  renewSubjects: () => Promise<SubjectItem[]>;
}

function ChapterContent({ subject, resume, onProgress, isDone, renewSubjects }: ChapterContentProps) {
  const { t } = useTranslation('learning');
  switch (subject.file_type) {
    case 'pdf':
      return (
        <LazyPdfReader
          src={subject.file_url}
          title={subject.name}
          initialPage={resume.page ?? 1}
          onPage={(page, pageCount) => onProgress({ page, page_count: pageCount })}
          onMarkDone={() => onProgress({ completed: true })}
          isDone={isDone}
        />
      );
    case 'youtube':
      return (
        <YouTubeChapter
          url={subject.file_url}
          title={subject.name}
          resumeAt={resume.positionSeconds ?? 0}
          onProgress={onProgress}
        />
      );
    case 'video':
      return (
        <VideoChapter
          src={subject.file_url}
          hlsUrl={subject.hls_url}
          title={subject.name}
          resumeAt={resume.positionSeconds}
          onProgress={onProgress}
          renewLinks={async () => {
            const fresh = (await renewSubjects()).find((item) => item.id === subject.id);
            return fresh && { src: fresh.file_url, hlsUrl: fresh.hls_url };
          }}
        />
      );
    case 'link':
      return (
        <div className="bg-white rounded p-4 text-center">
          {/* Opening the link is what finishes this chapter. */}
          <a
            href={subject.file_url}
            target="_blank"
            rel="noopener"
            className="btn btn-primary"
            onClick={() => onProgress({ completed: true })}
          >
            {t('viewer.openLink')}
          </a>
        </div>
      );
  }
}

interface ChapterViewerProps {
  termId: number;
  subjectId: number;
  resume: ChapterResume;
  /** Reports for this subject: the caller adds subject_id. */
  onProgress: (report: ProgressReport) => void;
  /** The server counts this chapter done. */
  isDone?: boolean;
}

/** The chosen subject's file, by its file_type (docs/product/learning-and-quizzes.md#chapter-viewer). */
export function ChapterViewer({ termId, subjectId, resume, onProgress, isDone = false }: ChapterViewerProps) {
  const { t } = useTranslation('learning');
  const subjects = useTermSubjects(termId);
  const renewSubjects = useRenewTermSubjects(termId);
  // A chapter opens with links signed within the staleTime, renewed first when older (decision 039); once
  // open, its links age: a video renews them when they are refused.
  const isSignedBefore = (at: number) => subjects.dataUpdatedAt <= at - TERM_SUBJECTS_STALE_MS;
  const openedAt = useDelayedMount(subjectId, VIEWER_RELOAD_DELAY_MS, (at) => {
    if (isSignedBefore(at) && !subjects.isFetching) void subjects.refetch();
  });
  const isMounted = openedAt !== null && !isSignedBefore(openedAt);
  const subject = subjects.data?.find((item) => item.id === subjectId);

  if (subjects.isError) return <LoadError onRetry={() => subjects.refetch()} isRetrying={subjects.isFetching} />;
  // Waits for the stored place too, so the video and PDF start there rather than jump.
  if (!subject || !isMounted || resume.positionSeconds === null) {
    if (subjects.data && !subject) return <Alert variant="warning">{t('viewer.unavailable')}</Alert>;
    return <PageLoading label={t('viewer.loading')} />;
  }
  return (
    <article aria-label={subject.name}>
      <h2 className="h5 mb-1">{subject.name}</h2>
      {subject.about && <p className="text-body-secondary small mb-3">{subject.about}</p>}
      <SaveForOffline subject={subject} />
      <ChapterContent
        subject={subject}
        resume={resume}
        onProgress={onProgress}
        isDone={isDone}
        renewSubjects={renewSubjects}
      />
    </article>
  );
}
