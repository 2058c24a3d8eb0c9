import type { AdminBatch } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import type { BatchInput } from './create-batch';
import { schoolQueryKey } from '../../api/school-query-key';

/** PUT /admin/batches/{id} */
export const updateBatch = ({ id, body }: { id: number; body: Partial<BatchInput> }) =>
  api.put<AdminBatch>(`/admin/batches/${id}`, body);

export const useUpdateBatch = () => useInvalidatingMutation(updateBatch, [schoolQueryKey]);
