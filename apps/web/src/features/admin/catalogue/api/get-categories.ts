import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCategory } from '@app/contracts';
import { api } from '@/lib/api-client';

export const categoriesQueryKey = ['admin', 'categories'] as const;

/** GET /admin/categories: every category with its number of courses. */
export async function getCategories(): Promise<AdminCategory[]> {
  const { data } = await api.get<AdminCategory[]>('/admin/categories');
  return data;
}

export const categoriesQueryOptions = () => queryOptions({ queryKey: categoriesQueryKey, queryFn: getCategories });

export const useCategories = () => useQuery(categoriesQueryOptions());
