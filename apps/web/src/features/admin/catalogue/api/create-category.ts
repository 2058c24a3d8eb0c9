import type { z } from 'zod';
import type { AdminCategory, categoryBody } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { categoriesQueryKey } from './get-categories';

export type CategoryInput = z.output<typeof categoryBody>;

/** POST /admin/categories */
export const createCategory = (body: CategoryInput) => api.post<AdminCategory>('/admin/categories', body);

export const useCreateCategory = () => useInvalidatingMutation(createCategory, [categoriesQueryKey]);
