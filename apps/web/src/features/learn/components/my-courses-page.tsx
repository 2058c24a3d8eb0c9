import { PageHeader } from '@/components/ui/page-header';

/** My Courses: a later issue builds this screen (spec section 2). */
export function MyCoursesPage() {
  return <PageHeader title="My Courses" />;
}
