import type { z } from 'zod';
import type { AdminStandard, standardUpdateBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { schoolQueryKey } from '../../api/school-query-key';

export type StandardPatch = z.output<typeof standardUpdateBody>;

/** PUT /admin/standards/{id}: name and position (a standard stays in its syllabus). */
export const updateStandard = ({ id, body }: { id: number; body: StandardPatch }) =>
  api.put<AdminStandard>(`/admin/standards/${id}`, body);

export const useUpdateStandard = () => useInvalidatingMutation(updateStandard, [schoolQueryKey]);
