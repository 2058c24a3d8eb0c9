import type { z } from 'zod';
import type { AdminStandard, standardCreateBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { schoolQueryKey } from '../../api/school-query-key';

export type StandardInput = z.output<typeof standardCreateBody>;

/** POST /admin/standards */
export const createStandard = (body: StandardInput) => api.post<AdminStandard>('/admin/standards', body);

export const useCreateStandard = () => useInvalidatingMutation(createStandard, [schoolQueryKey]);
