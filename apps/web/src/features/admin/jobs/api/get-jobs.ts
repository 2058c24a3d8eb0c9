import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminJobsOverview } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /admin/jobs: jobs per queue and state, and the latest failures. */
export async function getJobs(): Promise<AdminJobsOverview> {
  const { data } = await api.get<AdminJobsOverview>('/admin/jobs');
  return data;
}

export const jobsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'jobs'], queryFn: getJobs, refetchInterval: 15_000 });

export const useJobs = () => useQuery(jobsQueryOptions());
