import type { AdminCategory } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import type { CategoryInput } from './create-category';
import { categoriesQueryKey } from './get-categories';

/** PUT /admin/categories/{id} */
export const updateCategory = ({ id, body }: { id: number; body: CategoryInput }) =>
  api.put<AdminCategory>(`/admin/categories/${id}`, body);

export const useUpdateCategory = () => useInvalidatingMutation(updateCategory, [categoriesQueryKey]);
