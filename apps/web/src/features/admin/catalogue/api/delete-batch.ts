import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { schoolQueryKey } from '../../api/school-query-key';

/** DELETE /admin/batches/{id}: refused (400) while it is in use. */
export const deleteBatch = (id: number) => api.delete<null>(`/admin/batches/${id}`);

export const useDeleteBatch = () => useInvalidatingMutation(deleteBatch, [schoolQueryKey]);
