import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { coursesQueryKey } from './get-courses';
import { termsQueryKey } from './get-terms';

/** DELETE /admin/terms/{id} */
export const deleteTerm = (id: number) => api.delete<null>(`/admin/terms/${id}`);

export const useDeleteTerm = (courseId: number) =>
  useInvalidatingMutation(deleteTerm, [termsQueryKey(courseId), coursesQueryKey]);
