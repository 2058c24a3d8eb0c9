import type { AdminQuestion, QuestionInput } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { questionsQueryKey } from './get-questions';

/** PUT /admin/questions/{id}: the whole question. */
export const updateQuestion = ({ id, body }: { id: number; body: QuestionInput }) =>
  api.put<AdminQuestion>(`/admin/questions/${id}`, body);

export const useUpdateQuestion = (subjectId: number) =>
  useInvalidatingMutation(updateQuestion, [questionsQueryKey(subjectId)]);
