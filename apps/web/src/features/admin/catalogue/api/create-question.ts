import type { AdminQuestion, QuestionInput } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { questionsQueryKey } from './get-questions';
import { subjectsQueryKey } from './get-subjects';

/** POST /admin/subjects/{id}/questions */
export const createQuestion = ({ subjectId, body }: { subjectId: number; body: QuestionInput }) =>
  api.post<AdminQuestion>(`/admin/subjects/${subjectId}/questions`, body);

export const useCreateQuestion = (subjectId: number, termId: number) =>
  useInvalidatingMutation(createQuestion, [questionsQueryKey(subjectId), subjectsQueryKey(termId)]);
