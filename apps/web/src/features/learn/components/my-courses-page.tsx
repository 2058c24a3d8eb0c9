import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import type { LearnCourseItem } from '@app/contracts';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/ui/page-header';
import { BookIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { useLearn } from '../api/get-learn';
import { LearnCourseCard } from './learn-course-card';
import './learn.css';

function CourseCards({ courses }: { courses: LearnCourseItem[] }) {
  return (
    <div className="row row-cols-1 row-cols-sm-2 row-cols-xl-3 row-cols-xxl-4 g-4">
      {courses.map((course) => (
        <div className="col" key={course.id}><LearnCourseCard course={course} /></div>
      ))}
    </div>
  );
}

/** My Courses (spec sections 2 and 4): the learner's courses, or the way to buy one. */
export function MyCoursesPage() {
  const learn = useLearn();
  // Progress studied offline is sent first, so the percents include it.

  if (learn.isPending) {
    return (
      <>
        <PageHeader title="My Courses" />
        <div className="text-center py-5"><Spinner animation="border" variant="primary" role="status"><span className="visually-hidden">Loading…</span></Spinner></div>
      </>
    );
  }
  if (learn.isError) {
    return (
      <>
        <PageHeader title="My Courses" />
        <LoadError error={learn.error} onRetry={() => learn.refetch()} isRetrying={learn.isFetching} />
      </>
    );
  }

  const { course, school } = learn.data;
  const isEmpty = course.length === 0 && school.length === 0;
  return (
    <>
      <PageHeader title="My Courses" />
      {isEmpty ? (
        <div className="learn-empty text-center py-5 px-3">
          <BookIcon width="3em" height="3em" className="text-primary mb-3" />
          <h2 className="h5">You have no courses yet</h2>
          <p className="text-body-secondary">Buy a course to start studying.</p>
          <Link to={paths.courses.getHref()} className="btn btn-primary">Purchase Courses</Link>
        </div>
      ) : (
        <>
          {course.length > 0 && <CourseCards courses={course} />}
          {school.length > 0 && (
            <section className={course.length > 0 ? 'mt-5' : ''} aria-labelledby="learn-school-title">
              <h2 id="learn-school-title" className="h4 mb-3">School Subjects</h2>
              <CourseCards courses={school} />
            </section>
          )}
          <div className="mt-4">
            <Link to={paths.courses.getHref()} className="btn btn-outline-primary">Purchase Courses</Link>
          </div>
        </>
      )}
    </>
  );
}
