import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgressBody, ProgressData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { progressQueryKey } from './get-progress';
import { learnQueryKey } from './get-learn';

/** POST /progress: the subject was opened (it counts as studied) and, for a video, where it is. */
export async function recordProgress(body: ProgressBody): Promise<ProgressData> {
  const { data } = await api.post<ProgressData>('/progress', body);
  return data;
}

export function useRecordProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordProgress,
    onSuccess: (data) => {
      queryClient.setQueryData(progressQueryKey(data.course_id), data);
      // My Courses shows the percent done; refetched the next time it is shown.
      void queryClient.invalidateQueries({ queryKey: learnQueryKey, refetchType: 'none' });
    },
  });
}
