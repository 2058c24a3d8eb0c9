import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { subjectsQueryKey } from './get-subjects';

/** DELETE /admin/subjects/{id} */
export const deleteSubject = (id: number) => api.delete<null>(`/admin/subjects/${id}`);

export const useDeleteSubject = (termId: number) =>
  useInvalidatingMutation(deleteSubject, [subjectsQueryKey(termId), ['admin', 'terms']]);
