import { CourseDetailPage } from '@/features/learn/components/course-detail-page';

export default function Route() {
  return <CourseDetailPage />;
}
