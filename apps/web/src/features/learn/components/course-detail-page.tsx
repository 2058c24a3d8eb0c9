import { PageHeader } from '@/components/ui/page-header';

/** Course Details: a later issue builds this screen (spec section 2). */
export function CourseDetailPage() {
  return <PageHeader title="Course Details" />;
}
