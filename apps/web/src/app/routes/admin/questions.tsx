import { QuestionsPage } from '@/features/admin/catalogue/components/questions-page';
import { useIdParam } from '@/features/admin/utils/id-param';
import { AdminNotFound } from './not-found';

export default function AdminQuestionsRoute() {
  const courseId = useIdParam('courseId');
  const termId = useIdParam('termId');
  const subjectId = useIdParam('subjectId');
  if (!courseId || !termId || !subjectId) return <AdminNotFound />;
  return <QuestionsPage key={subjectId} courseId={courseId} termId={termId} subjectId={subjectId} />;
}
