import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import type { ProgressReport } from '@app/contracts';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { useFormat } from '@/lib/format';
import { useIsOnline } from '@/lib/query';
import { learnQueryOptions } from '../api/get-learn';
import { lastKnownPlace, useRecordProgress } from '../api/record-progress';
import { LazyPdfReader } from '../components/lazy-pdf-reader';
import { PdfLoading } from '../components/pdf-placeholders';
import { downloadsQueryKey } from './download-store';
import { cacheReader, formatBytes, useDownloads, useOfflineFiles, useRemoveDownload } from './downloads';
import { useLostCourseNames } from './forget-lost-courses';
import { OfflineVideo } from './offline-video';
import type { OfflineChapter } from './store';
import '../components/learn.css';

/** What the browser lets this site use and has used (all of it: app, caches, downloads), where it tells. */
function useStorageEstimate(savedBytes: number) {
  return useQuery({
    queryKey: [...downloadsQueryKey, 'estimate', savedBytes],
    queryFn: async () => (await navigator.storage?.estimate?.()) ?? null,
    staleTime: Infinity,
    // After a Remove, the line keeps its length until the new figures replace the old ones.
    placeholderData: keepPreviousData,
  });
}

function StorageSummary({ saved, estimate }: { saved: number; estimate: StorageEstimate | null | undefined }) {
  const { t } = useTranslation('learning');
  const { language } = useFormat();
  const free = estimate?.quota !== undefined && estimate.usage !== undefined ? estimate.quota - estimate.usage : null;
  return (
    <p className="text-body-secondary small">
      <Trans
        t={t}
        i18nKey="downloads.summary"
        values={{ size: formatBytes(saved, language) }}
        components={{ strong: <strong /> }}
      />
      {estimate?.usage !== undefined && t('downloads.summaryUsage', { size: formatBytes(estimate.usage, language) })}
      {free !== null && t('downloads.summaryFree', { size: formatBytes(free, language) })}
      {t('downloads.summaryEnd')}
    </p>
  );
}

/**
 * A saved chapter opened from the device; its progress is reported like online study (through the same queue while
 * offline), and it opens where this device last knew it was: a video at its second, a PDF at its page.
 */
function OfflineChapterView({ chapter }: { chapter: OfflineChapter }) {
  const files = useOfflineFiles(chapter.subjectId);
  const recordProgress = useRecordProgress();
  const queryClient = useQueryClient();
  // Read once, as the chapter opens: the reports it makes afterwards must not move it.
  const [resume] = useState(() => lastKnownPlace(queryClient, chapter));
  const report = (body: ProgressReport) => recordProgress.mutate({ subject_id: chapter.subjectId, ...body });

  if (files.isPending) return <PdfLoading />;
  if (files.isError || !files.data) return <LoadError onRetry={() => files.refetch()} isRetrying={files.isFetching} />;
  return files.data.kind === 'pdf' ? (
    <LazyPdfReader
      src={files.data.pdf}
      title={chapter.name}
      initialPage={resume.page ?? 1}
      onPage={(page, pageCount) => report({ page, page_count: pageCount })}
      onMarkDone={() => report({ completed: true })}
    />
  ) : (
    <OfflineVideo files={files.data} title={chapter.name} resumeAt={resume.positionSeconds} onProgress={report} />
  );
}

/** Why chapters disappeared: their course is no longer the learner's (forget-lost-courses.ts). */
function LostCoursesNotice() {
  const { t } = useTranslation('learning');
  const names = useLostCourseNames();
  if (names.length === 0) return null;
  const named = names.filter(Boolean);
  return (
    <p className="alert alert-info" role="status">
      {named.length > 0 ? t('downloads.lostCourses', { courses: named.join(', ') }) : t('downloads.lostCoursesUnnamed')}
    </p>
  );
}

/**
 * Downloads (issue 15): the signed-in learner's chapters saved on this device (decision 058), the space they use,
 * Remove, and each one opened from the device, with or without a connection. Online, My Courses is read again: the chapters of a
 * course the learner no longer has are removed (forget-lost-courses.ts); offline, every saved chapter stays.
 */
export function DownloadsPage() {
  const { t } = useTranslation('learning');
  const { date, language } = useFormat();
  const downloads = useDownloads();
  const remove = useRemoveDownload();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('chapter'));
  const opened = downloads.data?.find((chapter) => chapter.subjectId === openId);
  const hasPdf = downloads.data?.some((chapter) => chapter.fileType === 'pdf') ?? false;
  const saved = downloads.data?.reduce((sum, chapter) => sum + chapter.size, 0) ?? 0;
  const estimate = useStorageEstimate(saved);
  // Its answer is what removes the chapters of lost courses (useForgetLostCourses, in the shell).
  useQuery({ ...learnQueryOptions(), enabled: useIsOnline() });

  // After a new release the reader's files have new names: fetch them while there is a connection.
  useEffect(() => {
    if (hasPdf && navigator.onLine) void cacheReader().catch(() => undefined);
  }, [hasPdf]);

  // The list waits for the browser's storage figures too (a few milliseconds): the line above it that gives them
  // grows by a line or two on a phone when they arrive, and would push the chapters down under a tap.
  if (downloads.isPending || estimate.isPending)
    return (
      <>
        <PageHeader title={t('downloads.title')} />
        <PdfLoading />
      </>
    );
  if (downloads.isError)
    return (
      <>
        <PageHeader title={t('downloads.title')} />
        <LoadError onRetry={() => downloads.refetch()} />
      </>
    );

  if (opened) {
    return (
      <>
        <PageHeader title={opened.name}>
          <Link to={paths.downloads.getHref()} className="btn btn-outline-secondary btn-sm">
            {t('downloads.backToDownloads')}
          </Link>
        </PageHeader>
        <p className="text-body-secondary small">
          {opened.courseName} · {t('downloads.savedOnDevice')}
        </p>
        <OfflineChapterView key={opened.subjectId} chapter={opened} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('downloads.title')} />
      <LostCoursesNotice />
      {downloads.data.length === 0 ? (
        <div className="learn-empty p-4 text-center">
          <p className="mb-2">{t('downloads.empty')}</p>
          <p className="text-body-secondary small mb-3">{t('downloads.emptyHint')}</p>
          <Link to={paths.learn.getHref()} className="btn btn-primary">
            {t('downloads.myCourses')}
          </Link>
        </div>
      ) : (
        <>
          <StorageSummary saved={saved} estimate={estimate.data} />
          <ul className="list-unstyled d-grid gap-2">
            {downloads.data.map((chapter) => (
              <li key={chapter.subjectId}>
                <article className="card" aria-label={chapter.name}>
                  <div className="card-body d-flex flex-wrap align-items-center gap-2">
                    <div className="me-auto">
                      <h2 className="h6 mb-1">{chapter.name}</h2>
                      <p className="small text-body-secondary mb-0">
                        {chapter.courseName && <>{chapter.courseName} · </>}
                        {chapter.fileType === 'pdf' ? t('downloads.pdf') : t('downloads.video')} ·{' '}
                        {formatBytes(chapter.size, language)} ·{' '}
                        {t('downloads.savedOn', { date: date(chapter.savedAt) })}
                      </p>
                    </div>
                    <Button size="sm" onClick={() => setParams({ chapter: String(chapter.subjectId) })}>
                      {t('downloads.open')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={remove.isPending && remove.variables === chapter.subjectId}
                      onClick={() => remove.mutate(chapter.subjectId)}
                      aria-label={t('downloads.removeLabel', { name: chapter.name })}
                    >
                      {t('downloads.remove')}
                    </Button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
