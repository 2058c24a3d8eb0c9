import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /orders/{id}: one of the learner's purchases, by its purchase id. */
export async function getOrder(purchaseId: number): Promise<OrderData> {
  const { data } = await api.get<OrderData>(`/orders/${purchaseId}`);
  return data;
}

export const orderQueryOptions = (purchaseId: number) =>
  queryOptions({ queryKey: ['orders', purchaseId], queryFn: () => getOrder(purchaseId) });

export const useOrder = (purchaseId: number | null) =>
  useQuery({ ...orderQueryOptions(purchaseId ?? 0), enabled: purchaseId !== null });
