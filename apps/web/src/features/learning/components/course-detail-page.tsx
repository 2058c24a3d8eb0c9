import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useNavigationType, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { PageHeader } from '@/components/ui/page-header';
import { CrossIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/loading-overlay';
import type { ProgressData, ProgressReport, TermItem } from '@app/contracts';
import { useLearn } from '../api/get-learn';
import { useProgress } from '../api/get-progress';
import { useRecordProgress } from '../api/record-progress';
import { useTerms } from '../api/get-terms';
import { ChapterViewer, type ChapterResume } from './chapter-viewer';
import { courseEntryState, type CourseEntryState } from './chapter-history';
import { TermList, type SubjectChoice } from './term-list';
import './learn.css';

/** A subject's quiz; the course id lets the result page lead back here. */
export const subjectQuizHref = (subjectId: number, courseId: number) =>
  `${paths.quiz.getHref(subjectId)}?course=${courseId}`;

/** The subject asked for in the address (`?subject=`, the dashboard's Continue link), when it is in the course. */
function linkedChoiceOf(terms: TermItem[] | undefined, subjectId: number): SubjectChoice | null {
  const term = terms?.find((item) => item.termSubjects.some((s) => s.id === subjectId));
  return term ? { termId: term.id, subjectId } : null;
}

/** Where the learner left off (GET /progress), when that subject is still in the course. */
function resumeChoiceOf(terms: TermItem[] | undefined, progress: ProgressData | undefined): SubjectChoice | null {
  if (!terms || !progress || progress.last_subject_id === null) return null;
  const subjectId = progress.last_subject_id;
  const term = terms.find((item) => item.id === progress.last_term_id);
  return term?.termSubjects.some((s) => s.id === subjectId) ? { termId: term.id, subjectId } : null;
}

const unknownResume: ChapterResume = { positionSeconds: null, page: null };

/**
 * Learn-more (docs/product/learning-and-quizzes.md#learn-more): the terms of a purchased course, expanding to subjects, and the
 * chapter viewer. On arrival it opens the subject named by `?subject=`, else the one studied last
 * (GET /progress), at its stored place. Rows show done / opened / not started and passed quizzes.
 *
 * The open chapter is the address's `?subject=`: opening one adds a history entry, so the phone's Back closes the
 * viewer (which covers the screen below `lg`) instead of leaving the course, and its close button goes back too.
 */
export function CourseDetailPage() {
  const { t } = useTranslation('learning');
  const courseId = Number(useParams().id);
  const learn = useLearn();
  const terms = useTerms(courseId);
  const progress = useProgress(courseId);
  const recordProgress = useRecordProgress();
  const linkedSubjectId = Number(useSearchParams()[0].get('subject'));
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const entry = courseEntryState(location);
  // Back (or Forward) to the list while the page is open comes from a chapter's entry: it shows the list, rather than
  // the chapter studied last again (which made Back a loop).
  const [mountedKey] = useState(location.key);
  const [hasMoved, setHasMoved] = useState(false);
  if (!hasMoved && location.key !== mountedKey) setHasMoved(true);
  const isListOnly =
    entry.isListOnly === true || (navigationType === 'POP' && (hasMoved || location.key !== mountedKey));
  /** Subjects whose opening report was answered (or queued offline): their resume point is then known. */
  const [settledOpens, setSettledOpens] = useState<ReadonlySet<number>>(new Set());
  const [openTerms, setOpenTerms] = useState<string[] | undefined>(undefined);

  const course = learn.data && [...learn.data.course, ...learn.data.school].find((item) => item.id === courseId);
  const studied = useMemo(() => new Set(progress.data?.studied_subject_ids ?? []), [progress.data]);
  const completed = useMemo(() => new Set(progress.data?.completed_subject_ids ?? []), [progress.data]);
  const passedQuizzes = useMemo(() => new Set(progress.data?.passed_quiz_subject_ids ?? []), [progress.data]);
  const linked = useMemo(() => linkedChoiceOf(terms.data, linkedSubjectId), [terms.data, linkedSubjectId]);
  const resumed = useMemo(() => resumeChoiceOf(terms.data, progress.data), [terms.data, progress.data]);
  const selected = linked ?? (isListOnly ? null : resumed);
  const firstTermId = terms.data?.[0]?.id;
  const openTermIds =
    openTerms ?? (selected ? [String(selected.termId)] : firstTermId !== undefined ? [String(firstTermId)] : []);

  // Opening a subject marks it opened; the answer names it the last one, with its stored place.
  const reportOpened = (subjectId: number) => {
    const settle = () => setSettledOpens((before) => new Set(before).add(subjectId));
    recordProgress.mutate({ subject_id: subjectId }, { onSettled: settle });
  };
  const showChapter = (subjectId: number, state: CourseEntryState, replace: boolean) =>
    navigate({ search: `?subject=${subjectId}` }, { state, replace });
  const openSubject = (next: SubjectChoice) => {
    setOpenTerms(openTermIds.includes(String(next.termId)) ? openTermIds : [...openTermIds, String(next.termId)]);
    // Another chapter instead of one this page opened (beside the list, on a large screen) takes its entry: the
    // list stays one Back away.
    showChapter(next.subjectId, { chapterOpenedBy: 'tap' }, Boolean(linked && entry.chapterOpenedBy));
  };
  // Back to the list when this page opened the chapter; a chapter the address named on arrival (the dashboard's
  // Continue) has no list under it: the list takes its entry.
  const closeChapter = () => {
    if (entry.chapterOpenedBy) void navigate(-1);
    else void navigate({ search: '' }, { replace: true, state: { isListOnly: true } satisfies CourseEntryState });
  };

  // The chapter studied last opens on arrival in an entry of its own, above the list's: Back shows the list, and a
  // second Back leaves the course (before, Back left at once, and 'View More' opened the same chapter again).
  const resumedId = !linked && !isListOnly ? (resumed?.subjectId ?? null) : null;
  const resumedFrom = useRef<string | null>(null);
  useEffect(() => {
    if (resumedId === null || resumedFrom.current === location.key) return;
    resumedFrom.current = location.key;
    void showChapter(resumedId, { chapterOpenedBy: 'resume' }, false);
  });
  // The list the learner came back to stays the list when they come back to it again (from a quiz, after a reload).
  const isListToMark = isListOnly && !entry.isListOnly && !linked;
  useEffect(() => {
    if (isListToMark)
      void navigate(location, { replace: true, state: { isListOnly: true } satisfies CourseEntryState });
  }, [isListToMark, location, navigate]);

  // Each newly shown subject is reported opened from an effect, so after the previous chapter's
  // closing report (its viewer's cleanup runs first): the server then names this one the last.
  // The subject resumed from GET /progress already is the last one: nothing to report.
  const reportedSubject = useRef<number | null>(null);
  const selectedId = selected?.subjectId ?? null;
  const isResumedLast = entry.chapterOpenedBy !== 'tap' && progress.data?.last_subject_id === selectedId;
  useEffect(() => {
    if (selectedId === null) reportedSubject.current = null;
    if (selectedId === null || !progress.data || reportedSubject.current === selectedId) return;
    reportedSubject.current = selectedId;
    if (!isResumedLast) reportOpened(selectedId);
  });

  // The stored place is known once the progress names this subject as the last one opened; if its
  // opening report failed or waits offline, the chapter starts from the beginning.
  const resume: ChapterResume = !selected
    ? unknownResume
    : progress.data?.last_subject_id === selected.subjectId
      ? { positionSeconds: progress.data.position_seconds, page: progress.data.page }
      : settledOpens.has(selected.subjectId)
        ? { positionSeconds: 0, page: null }
        : unknownResume;
  const saveProgress = (subjectId: number, report: ProgressReport) => {
    recordProgress.mutate({ subject_id: subjectId, ...report });
  };

  const title = course?.name ?? t('course.fallbackTitle');
  // The way back sits above the title, whose length (and so its lines on a phone) is known only once the
  // course's name has loaded: below it, the link would move down under a tap as the name arrives.
  const header = (
    <>
      <Link to={paths.learn.getHref()} className="btn btn-outline-secondary btn-sm mb-3">
        {t('course.backToMyCourses')}
      </Link>
      <PageHeader title={title} />
    </>
  );

  // Which term opens depends on where the learner left off: the list waits for GET /progress too, rather than
  // opening the first term and then jumping to the resumed one under the learner's finger. It waits for the
  // course's name too, which would otherwise push the list down as it lengthens the title.
  if (terms.isPending || progress.isPending || learn.isPending) {
    return (
      <>
        {header}
        <PageLoading label={t('loading')} />
      </>
    );
  }
  if (terms.isError) {
    const notBought = terms.error instanceof ApiError && terms.error.status === 403;
    return (
      <>
        {header}
        {notBought ? (
          <Alert variant="warning">{errorMessage(terms.error)}</Alert>
        ) : (
          <LoadError error={terms.error} onRetry={() => terms.refetch()} isRetrying={terms.isFetching} />
        )}
        {notBought && (
          <Link to={paths.courses.getHref()} className="btn btn-primary">
            {t('purchaseCourses')}
          </Link>
        )}
      </>
    );
  }

  // Without the progress the page knows neither where to resume nor what is done, and a chapter would wait for it for
  // good: the read's own Retry instead. (Progress kept from an earlier visit shows as it is.)
  if (progress.isError && !progress.data) {
    return (
      <>
        {header}
        <LoadError error={progress.error} onRetry={() => progress.refetch()} isRetrying={progress.isFetching} />
      </>
    );
  }

  return (
    <>
      {header}
      {terms.data.length === 0 ? (
        <p className="text-body-secondary">{t('course.noChapters')}</p>
      ) : (
        <div className="row g-4">
          <div className="col-lg-5 col-xxl-4">
            <TermList
              terms={terms.data}
              openTermIds={openTermIds}
              onToggleTerms={setOpenTerms}
              selectedSubjectId={selected?.subjectId ?? null}
              studiedSubjectIds={studied}
              completedSubjectIds={completed}
              passedQuizSubjectIds={passedQuizzes}
              onOpenSubject={openSubject}
              quizHref={(subjectId) => subjectQuizHref(subjectId, courseId)}
            />
          </div>
          <div className="col-lg-7 col-xxl-8">
            {selected ? (
              <section className="chapter-panel" aria-label={t('course.chapterRegion')}>
                <div className="d-flex justify-content-end d-lg-none mb-2">
                  <Button
                    variant="light"
                    className="border d-inline-flex align-items-center gap-1"
                    onClick={closeChapter}
                  >
                    <CrossIcon /> {t('course.close')}
                  </Button>
                </div>
                <ChapterViewer
                  termId={selected.termId}
                  subjectId={selected.subjectId}
                  resume={resume}
                  onProgress={(report) => saveProgress(selected.subjectId, report)}
                  isDone={completed.has(selected.subjectId)}
                />
              </section>
            ) : (
              <div className="d-none d-lg-flex learn-empty align-items-center justify-content-center text-body-secondary p-5 h-100">
                {t('course.chooseChapter')}
              </div>
            )}
          </div>
        </div>
      )}
    </>
  );
}
