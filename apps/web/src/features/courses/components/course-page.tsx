import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import type { BatchData, CourseCurriculum, CurriculumChapter } from '@app/contracts';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { PageHeader } from '@/components/ui/page-header';
import { useCurriculum } from '../api/get-curriculum';
import { CourseImage } from './course-image';
import { courseOffer, CourseOfferLink, CourseOfferPrice, schoolSubjectOffer } from './course-offer';
import { LanguageBadge } from './language-badge';
import './courses.css';

const fileTypeNames: Record<CurriculumChapter['file_type'], string> = { pdf: 'PDF', video: 'Video', youtube: 'YouTube', link: 'Link' };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 terms · 12 chapters · 4 quizzes" */
export function curriculumSummary({ terms, chapters, quizzes }: CourseCurriculum['counts']): string {
  return [plural(terms, 'term', 'terms'), plural(chapters, 'chapter', 'chapters'), plural(quizzes, 'quiz', 'quizzes')].join(' · ');
}

interface CoursePageProps {
  courseId: number;
  /** The courses the learner already has (GET /learn); undefined while they load. */
  ownedCourseIds?: ReadonlySet<number> | undefined;
  /** The learner's batch (GET /batch), for a school subject's way in; undefined while it loads. */
  schoolBatch?: BatchData | null | undefined;
}

/**
 * A course before purchase (`/courses/{id}`): what it is, what it teaches term by term, which
 * chapters have a quiz, whether it gives a certificate, and the way in: 'Buy Now', or 'Open' when
 * the learner owns it (server-rules deviation), or for a school subject its batch's way in.
 */
export function CoursePage({ courseId, ownedCourseIds, schoolBatch }: CoursePageProps) {
  const curriculum = useCurriculum(courseId);

  if (curriculum.isPending && curriculum.fetchStatus !== 'idle') {
    return (
      <div className="text-center py-5">
        <Spinner animation="border" variant="primary" role="status"><span className="visually-hidden">Loading the course…</span></Spinner>
      </div>
    );
  }
  if (!curriculum.data) {
    const error = curriculum.error;
    const isMissing = !error || (error instanceof ApiError && (error.status === 404 || error.status === 422));
    return (
      <>
        <PageHeader title="Course" />
        <Alert variant={isMissing ? 'warning' : 'danger'}>{isMissing ? 'This course does not exist.' : errorMessage(error)}</Alert>
        <Link to={paths.courses.getHref()} className="btn btn-primary">Back to Courses</Link>
      </>
    );
  }

  const { course, terms, counts, certificate, school, pass_mark_percent: passMark } = curriculum.data;
  const offer = courseOffer(course, ownedCourseIds, school ? schoolSubjectOffer(schoolBatch) : { kind: 'buy' });
  return (
    <>
      <PageHeader title={course.name} />
      <Card className="border-0 shadow-sm mb-4">
        <Card.Body className="p-lg-4">
          <div className="row g-4">
            <div className="col-md-5">
              <CourseImage path={course.photo_path} className="rounded w-100" isPriority />
            </div>
            <div className="col-md-7 d-flex flex-column gap-3">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <LanguageBadge language={course.language} />
                <span className="small text-body-secondary">{curriculumSummary(counts)}</span>
              </div>
              <CourseOfferPrice course={course} offer={offer} />
              {course.about && <p className="mb-0 course-about">{course.about}</p>}
              <p className="mb-0 small">
                {certificate
                  ? `Certificate: pass every chapter quiz with at least ${passMark}% to earn this course's certificate.`
                  : 'This course has no quizzes, so it gives no certificate.'}
              </p>
              <div><CourseOfferLink course={course} offer={offer} className="btn-lg px-4" /></div>
            </div>
          </div>
        </Card.Body>
      </Card>

      <section aria-labelledby="curriculum-title">
        <h2 id="curriculum-title" className="h4 mb-3">Curriculum</h2>
        {terms.length === 0 && <p className="text-body-secondary">The chapters of this course are being prepared.</p>}
        {terms.map((term) => (
          <Card as="section" key={term.id} className="border-0 shadow-sm mb-3" aria-labelledby={`term-${term.id}`}>
            <Card.Header className="bg-body d-flex justify-content-between align-items-baseline gap-2">
              {/* Operators name terms themselves ('Term 1: Getting Started'): no number is added. */}
              <h3 id={`term-${term.id}`} className="h6 mb-0">{term.name}</h3>
              <span className="small text-body-secondary text-nowrap">{plural(term.chapters.length, 'chapter', 'chapters')}</span>
            </Card.Header>
            {term.chapters.length > 0 ? (
              <ListGroup variant="flush" as="ol" className="curriculum-chapters">
                {term.chapters.map((chapter) => (
                  <ListGroup.Item as="li" key={chapter.id} className="d-flex align-items-center gap-2">
                    <Badge bg="secondary-subtle" text="secondary-emphasis" className="curriculum-type">{fileTypeNames[chapter.file_type]}</Badge>
                    <span className="flex-grow-1">{chapter.name}</span>
                    {chapter.has_quiz && <Badge bg="info-subtle" text="info-emphasis" className="border border-info-subtle">Quiz</Badge>}
                  </ListGroup.Item>
                ))}
              </ListGroup>
            ) : (
              <Card.Body className="small text-body-secondary">No chapters yet.</Card.Body>
            )}
          </Card>
        ))}
      </section>
    </>
  );
}
