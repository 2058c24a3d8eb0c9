import { useQuery } from '@tanstack/react-query';
import type { BalanceSnapshot } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /admin/reports/balances/snapshots: the month-end snapshots of Balances owed, newest month first. */
export async function getBalanceSnapshots(): Promise<BalanceSnapshot[]> {
  const { data } = await api.get<BalanceSnapshot[]>('/admin/reports/balances/snapshots');
  return data;
}

export const useBalanceSnapshots = () =>
  useQuery({ queryKey: ['admin', 'reports', 'balance-snapshots'], queryFn: getBalanceSnapshots });
