import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /category */
export async function getCategories(): Promise<CategoryItem[]> {
  const { data } = await api.get<CategoryItem[]>('/category');
  return data;
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: 10 * 60_000 });

export const useCategories = () => useQuery(categoriesQueryOptions());
