import { CoursesPage } from '@/features/courses/components/courses-page';

export default function Route() {
  return <CoursesPage />;
}
