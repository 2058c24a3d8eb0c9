import { PageHeader } from '@/components/ui/page-header';

/** Quiz: a later issue builds this screen (spec section 2). */
export function QuizPage() {
  return <PageHeader title="Quiz" />;
}
