import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { PageHeader } from '@/components/ui/page-header';
import { CrossIcon } from '@/components/ui/icons';
import { useLearn } from '../api/get-learn';
import { useProgress } from '../api/get-progress';
import { useRecordProgress } from '../api/record-progress';
import { useTerms } from '../api/get-terms';
import { ChapterViewer } from './chapter-viewer';
import { TermList, type SubjectChoice } from './term-list';
import './learn.css';

/** A subject's quiz; the course id lets the result page lead back here. */
export const subjectQuizHref = (subjectId: number, courseId: number) => `${paths.quiz.getHref(subjectId)}?course=${courseId}`;

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
  const [selected, setSelected] = useState<SubjectChoice | null>(null);
  const [openTermIds, setOpenTermIds] = useState<string[]>([]);
  const hasResumed = useRef(false);

  const course = learn.data && [...learn.data.course, ...learn.data.school].find((item) => item.id === courseId);
  const studied = useMemo(() => new Set(progress.data?.studied_subject_ids ?? []), [progress.data]);

  const openSubject = (choice: SubjectChoice) => {
    hasResumed.current = true;
    setSelected(choice);
    setOpenTermIds((ids) => (ids.includes(String(choice.termId)) ? ids : [...ids, String(choice.termId)]));
    // Opening a subject marks it studied; the answer also carries its stored video position.
    recordProgress.mutate({ subject_id: choice.subjectId });
  };

  // Resume the last subject once, when both the terms and the progress are in.
  useEffect(() => {
    if (hasResumed.current || !terms.data || !progress.data) return;
    hasResumed.current = true;
    const { last_subject_id: subjectId, last_term_id: termId } = progress.data;
    const term = terms.data.find((item) => item.id === termId);
    if (subjectId !== null && term?.termSubjects.some((s) => s.id === subjectId)) {
      openSubject({ termId: term.id, subjectId });
    } else if (terms.data[0]) {
      setOpenTermIds([String(terms.data[0].id)]);
    }
  });

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
              onToggleTerms={setOpenTermIds}
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
                  <Button variant="light" className="border d-inline-flex align-items-center gap-1" onClick={() => setSelected(null)}>
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
