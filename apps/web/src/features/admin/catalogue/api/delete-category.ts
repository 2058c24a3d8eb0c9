import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { categoriesQueryKey } from './get-categories';

/** DELETE /admin/categories/{id}: refused (400) while the category has courses. */
export const deleteCategory = (id: number) => api.delete<null>(`/admin/categories/${id}`);

export const useDeleteCategory = () => useInvalidatingMutation(deleteCategory, [categoriesQueryKey]);
