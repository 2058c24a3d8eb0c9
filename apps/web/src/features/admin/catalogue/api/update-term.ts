import type { AdminTerm } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import type { TermInput } from './create-term';
import { termsQueryKey } from './get-terms';

/** PUT /admin/terms/{id} */
export const updateTerm = ({ id, body }: { id: number; body: Partial<TermInput> }) =>
  api.put<AdminTerm>(`/admin/terms/${id}`, body);

export const useUpdateTerm = (courseId: number) => useInvalidatingMutation(updateTerm, [termsQueryKey(courseId)]);
