import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { notifications } from '@/components/ui/notifications';
import { PageHeader } from '@/components/ui/page-header';
import { AsyncContent } from '../../components/async-content';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showServerError } from '../../utils/server-errors';
import { useDeleteCourse } from '../api/delete-course';
import { useCourse } from '../api/get-course';
import { CourseForm } from './course-form';
import { CourseMedia } from './course-media';
import { TermsPanel } from './terms-panel';

/** One course: its details, image and demo video, and its terms with their chapters. */
export function CoursePage({ courseId }: { courseId: number }) {
  const course = useCourse(courseId);
  const remove = useDeleteCourse();
  const navigate = useNavigate();
  const [isDeleting, setIsDeleting] = useState(false);

  const onDelete = async () => {
    try {
      await remove.mutateAsync(courseId);
      notifications.success('Course deleted.');
      void navigate(paths.adminCourses.getHref());
    } catch (error) {
      showServerError(error);
      setIsDeleting(false);
    }
  };

  return (
    <>
      <p className="mb-2 small">
        <Link to={paths.adminCourses.getHref()}>← Courses</Link>
      </p>
      <AsyncContent query={course}>
        {course.data && (
          <>
            <PageHeader title={course.data.name}>
              <div className="d-flex align-items-center gap-2">
                <Badge bg={course.data.is_published ? 'success' : 'secondary'}>
                  {course.data.is_published ? 'Published' : 'Draft'}
                </Badge>
                <Button variant="outline-danger" size="sm" onClick={() => setIsDeleting(true)}>
                  Delete course
                </Button>
              </div>
            </PageHeader>
            <Row className="g-4 mb-4">
              <Col xl={7}>
                <Card className="admin-card h-100">
                  <Card.Body>
                    <h2 className="h5 mb-3">Details</h2>
                    <CourseForm key={course.data.id} course={course.data} />
                  </Card.Body>
                </Card>
              </Col>
              <Col xl={5}>
                <Card className="admin-card h-100">
                  <Card.Body>
                    <h2 className="h5 mb-3">Image and demo video</h2>
                    <CourseMedia course={course.data} />
                  </Card.Body>
                </Card>
              </Col>
            </Row>
            <TermsPanel courseId={courseId} />
            <ConfirmDialog
              subject={isDeleting ? course.data : null}
              title="Delete course?"
              confirmLabel="Delete"
              isBusy={remove.isPending}
              onConfirm={() => void onDelete()}
              onCancel={() => setIsDeleting(false)}
            >
              {(item) => (
                <p className="mb-0">
                  {item.name}, its terms, chapters and questions will be deleted. A course that has been bought cannot
                  be deleted; unpublish it instead.
                </p>
              )}
            </ConfirmDialog>
          </>
        )}
      </AsyncContent>
    </>
  );
}
