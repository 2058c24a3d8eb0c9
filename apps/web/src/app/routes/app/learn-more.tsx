import { CourseDetailPage } from '@/features/learning/components/course-detail-page';

export default function Route() {
  return <CourseDetailPage />;
}
