import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /convert-value: rupees credited per point redeemed. */
export async function getConvertValue(): Promise<number> {
  const { data } = await api.get<{ convert_value: number }>('/convert-value');
  return data.convert_value;
}

export const convertValueQueryOptions = () => queryOptions({ queryKey: ['convert-value'], queryFn: getConvertValue });

export const useConvertValue = () => useQuery(convertValueQueryOptions());
