import { MyCoursesPage } from '@/features/learn/components/my-courses-page';

export default function Route() {
  return <MyCoursesPage />;
}
