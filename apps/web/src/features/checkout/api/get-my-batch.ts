import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BatchData } from '@app/contracts';
import { api } from '@/lib/api-client';

/**
 * GET /batch: the learner's own school batch with its fee, whether the fee is paid and whether its
 * subjects are open to them; null when they have no batch (general course, or no batch for the pair).
 */
export async function getMyBatch(): Promise<BatchData | null> {
  const { data } = await api.get<BatchData | null>('/batch');
  return data;
}

export const myBatchQueryOptions = () => queryOptions({ queryKey: ['batch', 'mine'], queryFn: getMyBatch });

export const useMyBatch = () => useQuery(myBatchQueryOptions());
