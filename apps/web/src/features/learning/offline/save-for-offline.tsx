import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LearnData, SubjectItem } from '@app/contracts';
import { paths } from '@/config/paths';
import { CheckIcon, DownloadIcon } from '@/components/ui/icons';
import { useFormat } from '@/lib/format';
import { useLearn } from '../api/get-learn';
import { canSaveForOffline, formatBytes, useDownloads, useSaveForOffline } from './downloads';
import { DownloadError } from './fetch-chapter';

/** The course among My Courses (a saved chapter is listed under its name). */
const courseIn = (learn: LearnData | undefined, courseId: number) =>
  learn && [...learn.course, ...learn.school].find((item) => item.id === courseId);

/**
 * 'Download for offline' on a PDF or video chapter of the course page (learn-more/:id); once
 * saved, its size and the way to Downloads.
 */
export function SaveForOffline({ subject }: { subject: SubjectItem }) {
  const { t } = useTranslation('learning');
  const { language, number } = useFormat();
  const courseId = Number(useParams().id);
  const learn = useLearn();
  const downloads = useDownloads();
  const save = useSaveForOffline();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [isReadingCourse, setIsReadingCourse] = useState(false);
  const [hasCourseFailed, setHasCourseFailed] = useState(false);

  if (!canSaveForOffline(subject)) return null;
  // The learner's own copy, or the one just saved (under nobody when the learner could not be known: downloads.ts).
  const saved =
    downloads.data?.find((chapter) => chapter.subjectId === subject.id) ??
    (save.data?.subjectId === subject.id ? save.data : undefined);
  if (saved) {
    return (
      <p className="save-for-offline small text-success d-flex flex-wrap align-items-center gap-1 mb-2">
        <CheckIcon /> {t('save.saved', { size: formatBytes(saved.size, language) })}
        <Link to={paths.downloads.getHref()}>{t('save.openDownloads')}</Link>
      </p>
    );
  }

  // Enabled once the course is known. When My Courses could not be read, the button stays enabled: a tap reads it again
  // first (greyed out, it gave no reason and no way to try again).
  const course = courseIn(learn.data, courseId);
  const canReadCourseAgain = !course && learn.isError;
  const start = async () => {
    setProgress(null);
    setHasCourseFailed(false);
    save.reset();
    let known = course;
    if (!known) {
      setIsReadingCourse(true);
      known = courseIn((await learn.refetch()).data, courseId);
      setIsReadingCourse(false);
      if (!known) {
        setHasCourseFailed(true);
        return;
      }
    }
    save.mutate({
      subject,
      course: { id: courseId, name: known.name },
      onProgress: (done, total) => setProgress({ done, total }),
    });
  };
  const isBusy = save.isPending || isReadingCourse;
  const busyLabel =
    progress && progress.total > 0
      ? t('save.downloadingPercent', { percent: number(Math.round((progress.done * 100) / progress.total)) })
      : t('save.downloading');
  return (
    <div className="save-for-offline mb-2">
      <Button
        variant="outline-primary"
        size="sm"
        className="d-inline-flex align-items-center gap-1"
        disabled={isBusy || !(course || canReadCourseAgain)}
        onClick={() => void start()}
      >
        <DownloadIcon />{' '}
        {isBusy ? busyLabel : subject.file_type === 'video' ? t('save.downloadVideo') : t('save.download')}
      </Button>
      {hasCourseFailed && (
        <p className="text-danger small mt-1 mb-0" role="alert">
          {t('save.errors.connection')}
        </p>
      )}
      {save.isError && (
        <p className="text-danger small mt-1 mb-0" role="alert">
          {save.error instanceof DownloadError ? t(`save.errors.${save.error.reason}`) : t('save.couldNotSave')}
        </p>
      )}
    </div>
  );
}
