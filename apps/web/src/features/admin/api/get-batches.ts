import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBatch } from '@app/contracts';
import { api } from '@/lib/api-client';
import { schoolQueryKey } from './school-query-key';

export const batchesQueryKey = [...schoolQueryKey, 'batches'] as const;

/** GET /admin/batches: every batch with its syllabus, standard, fee and number of courses. */
export async function getBatches(): Promise<AdminBatch[]> {
  const { data } = await api.get<AdminBatch[]>('/admin/batches');
  return data;
}

export const batchesQueryOptions = () => queryOptions({ queryKey: batchesQueryKey, queryFn: getBatches });

export const useBatches = () => useQuery(batchesQueryOptions());
