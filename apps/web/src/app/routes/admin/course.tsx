import { CoursePage } from '@/features/admin/catalogue/components/course-page';
import { useIdParam } from '@/features/admin/utils/id-param';
import { AdminNotFound } from './not-found';

export default function AdminCourseRoute() {
  const courseId = useIdParam('courseId');
  return courseId ? <CoursePage key={courseId} courseId={courseId} /> : <AdminNotFound />;
}
