import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { PageHeader } from '@/components/ui/page-header';
import { CrossIcon } from '@/components/ui/icons';
import type { ProgressData, TermItem } from '@app/contracts';
import { useLearn } from '../api/get-learn';
import { useProgress } from '../api/get-progress';
import { useRecordProgress } from '../api/record-progress';
import { useTerms } from '../api/get-terms';
import { ChapterViewer } from './chapter-viewer';
import { TermList, type SubjectChoice } from './term-list';
import './learn.css';

/** A subject's quiz; the course id lets the result page lead back here. */
export const subjectQuizHref = (subjectId: number, courseId: number) => `${paths.quiz.getHref(subjectId)}?course=${courseId}`;

/** Where the learner left off (GET /progress), when that subject is still in the course. */
function resumeChoiceOf(terms: TermItem[] | undefined, progress: ProgressData | undefined): SubjectChoice | null {
  if (!terms || !progress || progress.last_subject_id === null) return null;
  const subjectId = progress.last_subject_id;
  const term = terms.find((item) => item.id === progress.last_term_id);
  return term?.termSubjects.some((s) => s.id === subjectId) ? { termId: term.id, subjectId } : null;
}

/**
 * Learn-more (spec section 2): the terms of a purchased course, expanding to subjects, and the
 * chapter viewer. On arrival it reopens the subject the learner studied last (GET /progress).
 */
export function CourseDetailPage() {
  const courseId = Number(useParams().id);
  const learn = useLearn();
  const terms = useTerms(courseId);
  const progress = useProgress(courseId);
  const recordProgress = useRecordProgress();
  /** undefined until the learner picks a subject (or closes the viewer): until then the resumed one shows. */
  const [choice, setChoice] = useState<SubjectChoice | null | undefined>(undefined);
  const [openTerms, setOpenTerms] = useState<string[] | undefined>(undefined);

  const course = learn.data && [...learn.data.course, ...learn.data.school].find((item) => item.id === courseId);
  const studied = useMemo(() => new Set(progress.data?.studied_subject_ids ?? []), [progress.data]);
  const resumed = useMemo(() => resumeChoiceOf(terms.data, progress.data), [terms.data, progress.data]);
  const selected = choice === undefined ? resumed : choice;
  const firstTermId = terms.data?.[0]?.id;
  const openTermIds = openTerms
    ?? (selected ? [String(selected.termId)] : firstTermId !== undefined ? [String(firstTermId)] : []);

  const openSubject = (next: SubjectChoice) => {
    setChoice(next);
    setOpenTerms(openTermIds.includes(String(next.termId)) ? openTermIds : [...openTermIds, String(next.termId)]);
    // Opening a subject marks it studied; the answer also carries its stored video position.
    recordProgress.mutate({ subject_id: next.subjectId });
  };

  // The stored position is known once the progress names this subject as the last one opened.
  const resumeAt = selected && progress.data?.last_subject_id === selected.subjectId ? progress.data.position_seconds : null;
  const savePosition = (subjectId: number, seconds: number) => {
    recordProgress.mutate({ subject_id: subjectId, position_seconds: seconds });
  };

  const title = course?.name ?? 'Course Details';
  const backLink = <Link to={paths.learn.getHref()} className="btn btn-outline-secondary btn-sm">Back to My Courses</Link>;

  if (terms.isPending) {
    return (
      <>
        <PageHeader title={title}>{backLink}</PageHeader>
        <div className="text-center py-5"><Spinner animation="border" variant="primary" role="status"><span className="visually-hidden">Loading…</span></Spinner></div>
      </>
    );
  }
  if (terms.isError) {
    const notBought = terms.error instanceof ApiError && terms.error.status === 403;
    return (
      <>
        <PageHeader title={title}>{backLink}</PageHeader>
        <Alert variant={notBought ? 'warning' : 'danger'}>{errorMessage(terms.error)}</Alert>
        {notBought && <Link to={paths.courses.getHref()} className="btn btn-primary">Purchase Courses</Link>}
      </>
    );
  }

  return (
    <>
      <PageHeader title={title}>{backLink}</PageHeader>
      {terms.data.length === 0 ? (
        <p className="text-body-secondary">This course has no chapters yet.</p>
      ) : (
        <div className="row g-4">
          <div className="col-lg-5 col-xxl-4">
            <TermList
              terms={terms.data}
              openTermIds={openTermIds}
              onToggleTerms={setOpenTerms}
              selectedSubjectId={selected?.subjectId ?? null}
              studiedSubjectIds={studied}
              onOpenSubject={openSubject}
              quizHref={(subjectId) => subjectQuizHref(subjectId, courseId)}
            />
          </div>
          <div className="col-lg-7 col-xxl-8">
            {selected ? (
              <section className="chapter-panel" aria-label="Chapter">
                <div className="d-flex justify-content-end d-lg-none mb-2">
                  <Button variant="light" className="border d-inline-flex align-items-center gap-1" onClick={() => setChoice(null)}>
                    <CrossIcon /> Close
                  </Button>
                </div>
                <ChapterViewer termId={selected.termId} subjectId={selected.subjectId} resumeAt={resumeAt} onPosition={savePosition} />
              </section>
            ) : (
              <div className="d-none d-lg-flex learn-empty align-items-center justify-content-center text-body-secondary p-5 h-100">
                Choose a chapter to start studying.
              </div>
            )}
          </div>
        </div>
      )}
    </>
  );
}
