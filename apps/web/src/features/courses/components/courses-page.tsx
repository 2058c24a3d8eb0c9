import { PageHeader } from '@/components/ui/page-header';

/** Courses: a later issue builds this screen (spec section 2). */
export function CoursesPage() {
  return <PageHeader title="Courses" />;
}
