import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { schoolQueryKey } from '../../api/school-query-key';

/** DELETE /admin/syllabuses/{id}: refused (400) while it is in use. */
export const deleteSyllabus = (id: number) => api.delete<null>(`/admin/syllabuses/${id}`);

export const useDeleteSyllabus = () => useInvalidatingMutation(deleteSyllabus, [schoolQueryKey]);
