import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProgressData } from '@app/contracts';
import { createQueryClient } from '@/lib/query';
import { mockApi, ok } from '@/testing/mock-api';
import { signIn } from '@/testing/test-utils';
import { progressQueryKey } from './get-progress';
import {
  MAX_QUEUED_REPORTS,
  enqueueProgress,
  readProgressQueue,
  recordProgress,
  useProgressSync,
  useRecordProgress,
} from './record-progress';

const answer = (subjectId: number): ProgressData => ({
  course_id: 3,
  last_subject_id: subjectId,
  last_term_id: 1,
  position_seconds: 0,
  page: null,
  studied_subject_ids: [subjectId],
  completed_subject_ids: [subjectId],
  passed_quiz_subject_ids: [],
  total_subjects: 2,
  total_quizzes: 0,
  percent: 50,
});

function setOnline(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
}

afterEach(() => vi.restoreAllMocks());

function renderSync() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () => {
      useProgressSync();
      return useRecordProgress();
    },
    { wrapper },
  );
  return { ...view, queryClient };
}

describe('offline progress', () => {
  it('queues reports while offline and sends them when back online, then shows the progress', async () => {
    const server = mockApi({
      'POST /progress': (call) => ok(answer((call.body as { subject_id: number }).subject_id)),
    });
    await signIn();
    setOnline(false);
    const { result, queryClient } = renderSync();

    await act(() =>
      result.current.mutateAsync({ subject_id: 11, position_seconds: 30, duration_seconds: 300, watched_seconds: 10 }),
    );
    await act(() =>
      result.current.mutateAsync({ subject_id: 11, position_seconds: 45, duration_seconds: 300, watched_seconds: 15 }),
    );
    await act(() => result.current.mutateAsync({ subject_id: 12, page: 4, page_count: 4 }));
    expect(server.calls).toEqual([]);
    // The video's two reports merge (deltas added, latest position); the PDF's stays as it is.
    expect(readProgressQueue().map((entry) => entry.body)).toEqual([
      { subject_id: 11, position_seconds: 45, duration_seconds: 300, watched_seconds: 25 },
      { subject_id: 12, page: 4, page_count: 4 },
    ]);

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(readProgressQueue()).toEqual([]));
    expect(server.callsTo('POST', '/progress').map((c) => c.body)).toEqual([
      { subject_id: 11, position_seconds: 45, duration_seconds: 300, watched_seconds: 25 },
      { subject_id: 12, page: 4, page_count: 4 },
    ]);
    expect(queryClient.getQueryData(progressQueryKey(3))).toEqual(answer(12));
  });

  it('queues a report whose request fails for the network, and sends the queue when the app starts', async () => {
    await signIn();
    setOnline(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await recordProgress({ subject_id: 22, completed: true })).toBeNull();
    expect(readProgressQueue().map((entry) => entry.body)).toEqual([{ subject_id: 22, completed: true }]);

    const server = mockApi({ 'POST /progress': ok(answer(22)) });
    renderSync();
    await waitFor(() =>
      expect(server.callsTo('POST', '/progress').map((c) => c.body)).toEqual([{ subject_id: 22, completed: true }]),
    );
    await waitFor(() => expect(readProgressQueue()).toEqual([]));
  });

  it('keeps at most the latest reports, and drops reports queued under another sign-in', async () => {
    await signIn('first-token');
    for (let i = 1; i <= MAX_QUEUED_REPORTS + 5; i++) enqueueProgress({ subject_id: i });
    const queue = readProgressQueue();
    expect(queue).toHaveLength(MAX_QUEUED_REPORTS);
    expect(queue[0]!.body.subject_id).toBe(6);

    await signIn('second-token');
    setOnline(true);
    const server = mockApi({ 'POST /progress': ok(answer(1)) });
    renderSync();
    await waitFor(() => expect(readProgressQueue()).toEqual([]));
    expect(server.callsTo('POST', '/progress')).toEqual([]);
  });
});
