import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { questionsQueryKey } from './get-questions';
import { subjectsQueryKey } from './get-subjects';

/** DELETE /admin/questions/{id}: refused (400) once learners have drawn it in a quiz. */
export const deleteQuestion = (id: number) => api.delete<null>(`/admin/questions/${id}`);

export const useDeleteQuestion = (subjectId: number, termId: number) =>
  useInvalidatingMutation(deleteQuestion, [questionsQueryKey(subjectId), subjectsQueryKey(termId)]);
