import type { z } from 'zod';
import type { AdminBatch, batchCreateBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { schoolQueryKey } from '../../api/school-query-key';

export type BatchInput = z.output<typeof batchCreateBody>;

/** POST /admin/batches */
export const createBatch = (body: BatchInput) => api.post<AdminBatch>('/admin/batches', body);

export const useCreateBatch = () => useInvalidatingMutation(createBatch, [schoolQueryKey]);
