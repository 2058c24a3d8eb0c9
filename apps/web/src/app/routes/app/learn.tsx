import { MyCoursesPage } from '@/features/learning/components/my-courses-page';

export default function Route() {
  return <MyCoursesPage />;
}
