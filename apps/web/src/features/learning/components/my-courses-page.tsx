import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LearnCourseItem } from '@app/contracts';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/ui/page-header';
import { BookIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/loading-overlay';
import { useLearn } from '../api/get-learn';
import { LearnCourseCard } from './learn-course-card';
import './learn.css';

function CourseCards({ courses }: { courses: LearnCourseItem[] }) {
  return (
    <div className="row row-cols-1 row-cols-sm-2 row-cols-xl-3 row-cols-xxl-4 g-4">
      {courses.map((course) => (
        <div className="col" key={course.id}>
          <LearnCourseCard course={course} />
        </div>
      ))}
    </div>
  );
}

/** My Courses (docs/product/learning-and-quizzes.md#my-courses): the learner's courses, or the way to buy one. */
export function MyCoursesPage() {
  const { t } = useTranslation('learning');
  const learn = useLearn();
  // Progress studied offline is sent first, so the percents include it.

  if (learn.isPending) {
    return (
      <>
        <PageHeader title={t('myCourses.title')} />
        <PageLoading label={t('loading')} />
      </>
    );
  }
  if (learn.isError) {
    return (
      <>
        <PageHeader title={t('myCourses.title')} />
        <LoadError error={learn.error} onRetry={() => learn.refetch()} isRetrying={learn.isFetching} />
      </>
    );
  }

  const { course, school } = learn.data;
  const isEmpty = course.length === 0 && school.length === 0;
  return (
    <>
      <PageHeader title={t('myCourses.title')} />
      {isEmpty ? (
        <div className="learn-empty text-center py-5 px-3">
          <BookIcon width="3em" height="3em" className="text-primary mb-3" />
          <h2 className="h5">{t('myCourses.emptyTitle')}</h2>
          <p className="text-body-secondary">{t('myCourses.emptyText')}</p>
          <Link to={paths.courses.getHref()} className="btn btn-primary">
            {t('purchaseCourses')}
          </Link>
        </div>
      ) : (
        <>
          {course.length > 0 && <CourseCards courses={course} />}
          {school.length > 0 && (
            <section className={course.length > 0 ? 'mt-5' : ''} aria-labelledby="learn-school-title">
              <h2 id="learn-school-title" className="h4 mb-3">
                {t('myCourses.schoolSubjects')}
              </h2>
              <CourseCards courses={school} />
            </section>
          )}
          <div className="mt-4">
            <Link to={paths.courses.getHref()} className="btn btn-outline-primary">
              {t('purchaseCourses')}
            </Link>
          </div>
        </>
      )}
    </>
  );
}
