import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWithdrawal } from '@app/contracts';
import { api } from '@/lib/api-client';
import { withdrawalsQueryKey } from './get-withdrawals';

/** GET /admin/withdrawals/{id}: with the full account number to pay to (the look is audited). */
export async function getWithdrawal(id: number): Promise<AdminWithdrawal> {
  const { data } = await api.get<AdminWithdrawal>(`/admin/withdrawals/${id}`);
  return data;
}

export const withdrawalQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...withdrawalsQueryKey, 'detail', id], queryFn: () => getWithdrawal(id), staleTime: 0 });

export const useWithdrawal = (id: number, options: { enabled: boolean }) =>
  useQuery({ ...withdrawalQueryOptions(id), ...options });
