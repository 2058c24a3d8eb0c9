import Card from 'react-bootstrap/Card';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/ui/page-header';
import { CourseForm } from '@/features/admin/catalogue/components/course-form';

/** A new course; once created, its page takes over (image, video, terms and chapters). */
export default function AdminNewCourseRoute() {
  const navigate = useNavigate();
  return (
    <>
      <p className="mb-2 small">
        <Link to={paths.adminCourses.getHref()}>← Courses</Link>
      </p>
      <PageHeader title="New course" />
      <Card className="admin-card" style={{ maxWidth: '48rem' }}>
        <Card.Body>
          <CourseForm onSaved={(course) => void navigate(paths.adminCourse.getHref(course.id), { replace: true })} />
          <p className="small text-body-secondary mt-3 mb-0">
            The image, demo video, terms and chapters are added on the course&apos;s page once it is created.
          </p>
        </Card.Body>
      </Card>
    </>
  );
}
