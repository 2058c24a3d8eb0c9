import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LevelStatusData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /level-status: the learner's current level and its window. */
export async function getLevelStatus(): Promise<LevelStatusData> {
  const { data } = await api.get<LevelStatusData>('/level-status');
  return data;
}

export const levelStatusQueryOptions = () => queryOptions({ queryKey: ['level-status'], queryFn: getLevelStatus });

export const useLevelStatus = () => useQuery(levelStatusQueryOptions());
