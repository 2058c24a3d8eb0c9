import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { BatchData, CourseCurriculum, CurriculumChapter } from '@app/contracts';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/loading-overlay';
import { useCurriculum } from '../api/get-curriculum';
import { CourseImage } from './course-image';
import { courseOffer, CourseOfferLink, CourseOfferPrice, schoolSubjectOffer } from './course-offer';
import { LanguageBadge } from './language-badge';
import './courses.css';

/** "3 terms · 12 chapters · 4 quizzes", in the app's language. */
export function curriculumSummary(
  t: TFunction<'catalogue'>,
  { terms, chapters, quizzes }: CourseCurriculum['counts'],
): string {
  return [
    t('course.terms', { count: terms }),
    t('course.chapters', { count: chapters }),
    t('course.quizzes', { count: quizzes }),
  ].join(' · ');
}

const fileTypeKey = (type: CurriculumChapter['file_type']) => `course.fileTypes.${type}` as const;

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
 * the learner owns it (docs/product/catalogue-and-checkout.md#owned-courses), or for a school subject its batch's way in.
 */
export function CoursePage({ courseId, ownedCourseIds, schoolBatch }: CoursePageProps) {
  const { t } = useTranslation('catalogue');
  const curriculum = useCurriculum(courseId);

  if (curriculum.isPending && curriculum.fetchStatus !== 'idle') {
    return <PageLoading label={t('course.loading')} />;
  }
  if (!curriculum.data) {
    const error = curriculum.error;
    const isMissing = !error || (error instanceof ApiError && (error.status === 404 || error.status === 422));
    return (
      <>
        <PageHeader title={t('course.title')} />
        <Alert variant={isMissing ? 'warning' : 'danger'}>
          {isMissing ? t('course.missing') : errorMessage(error)}
        </Alert>
        <Link to={paths.courses.getHref()} className="btn btn-primary">
          {t('course.backToCourses')}
        </Link>
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
                <span className="small text-body-secondary">{curriculumSummary(t, counts)}</span>
              </div>
              <CourseOfferPrice course={course} offer={offer} />
              {course.about && <p className="mb-0 course-about">{course.about}</p>}
              <p className="mb-0 small">
                {certificate ? t('course.certificate', { passMark }) : t('course.noCertificate')}
              </p>
              <div>
                <CourseOfferLink course={course} offer={offer} className="btn-lg px-4" />
              </div>
            </div>
          </div>
        </Card.Body>
      </Card>

      <section aria-labelledby="curriculum-title">
        <h2 id="curriculum-title" className="h4 mb-3">
          {t('course.curriculum')}
        </h2>
        {terms.length === 0 && <p className="text-body-secondary">{t('course.preparing')}</p>}
        {terms.map((term) => (
          <Card as="section" key={term.id} className="border-0 shadow-sm mb-3" aria-labelledby={`term-${term.id}`}>
            <Card.Header className="bg-body d-flex justify-content-between align-items-baseline gap-2">
              {/* Operators name terms themselves ('Term 1: Getting Started'): no number is added. */}
              <h3 id={`term-${term.id}`} className="h6 mb-0">
                {term.name}
              </h3>
              <span className="small text-body-secondary text-nowrap">
                {t('course.chapters', { count: term.chapters.length })}
              </span>
            </Card.Header>
            {term.chapters.length > 0 ? (
              <ListGroup variant="flush" as="ol" className="curriculum-chapters">
                {term.chapters.map((chapter) => (
                  <ListGroup.Item as="li" key={chapter.id} className="d-flex align-items-center gap-2">
                    <Badge bg="secondary-subtle" text="secondary-emphasis" className="curriculum-type">
                      {t(fileTypeKey(chapter.file_type))}
                    </Badge>
                    <span className="flex-grow-1">{chapter.name}</span>
                    {chapter.has_quiz && (
                      <Badge bg="info-subtle" text="info-emphasis" className="border border-info-subtle">
                        {t('course.quiz')}
                      </Badge>
                    )}
                  </ListGroup.Item>
                ))}
              </ListGroup>
            ) : (
              <Card.Body className="small text-body-secondary">{t('course.noChapters')}</Card.Body>
            )}
          </Card>
        ))}
      </section>
    </>
  );
}
