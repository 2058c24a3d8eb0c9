import { CoursesPage } from '@/features/admin/catalogue/components/courses-page';

export default function AdminCoursesRoute() {
  return <CoursesPage />;
}
