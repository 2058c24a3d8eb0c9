import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { schoolQueryKey } from '../../api/school-query-key';

/** DELETE /admin/standards/{id}: refused (400) while it is in use. */
export const deleteStandard = (id: number) => api.delete<null>(`/admin/standards/${id}`);

export const useDeleteStandard = () => useInvalidatingMutation(deleteStandard, [schoolQueryKey]);
