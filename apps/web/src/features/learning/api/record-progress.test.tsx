import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProgressData } from '@app/contracts';
import { createQueryClient } from '@/lib/query';
import { fail, mockApi, ok, type MockReply } from '@/testing/mock-api';
import { signIn } from '@/testing/test-utils';
import { progressQueryKey } from './get-progress';
import {
  FIRST_RETRY_MS,
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

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** POST /progress answering with these replies in turn, then with the progress of the reported subject. */
function progressServer(...replies: MockReply[]) {
  return mockApi({
    'POST /progress': (call) => replies.shift() ?? ok(answer((call.body as { subject_id: number }).subject_id)),
  });
}

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

  it('keeps the queue when the server fails (502) and sends it again later, in order, not at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await signIn();
    setOnline(false);
    enqueueProgress({ subject_id: 11, position_seconds: 45, duration_seconds: 300, watched_seconds: 25 });
    enqueueProgress({ subject_id: 12, page: 4, page_count: 4 });
    const server = progressServer(fail(502, 'Bad Gateway'), fail(503, 'Service Unavailable'));

    // Back online through a proxy still starting: the first report gets a 502, and nothing is dropped.
    setOnline(true);
    const { queryClient } = renderSync();
    await waitFor(() => expect(server.callsTo('POST', '/progress')).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.callsTo('POST', '/progress')).toHaveLength(1);
    expect(readProgressQueue().map((entry) => entry.body)).toEqual([
      { subject_id: 11, position_seconds: 45, duration_seconds: 300, watched_seconds: 25 },
      { subject_id: 12, page: 4, page_count: 4 },
    ]);

    // Tried again after the back-off (a 503: kept again), then after twice as long, when the server answers.
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    await waitFor(() => expect(server.callsTo('POST', '/progress')).toHaveLength(2));
    expect(readProgressQueue()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    expect(server.callsTo('POST', '/progress')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    await waitFor(() => expect(readProgressQueue()).toEqual([]));
    expect(server.callsTo('POST', '/progress').map((c) => c.body)).toEqual([
      { subject_id: 11, position_seconds: 45, duration_seconds: 300, watched_seconds: 25 },
      { subject_id: 11, position_seconds: 45, duration_seconds: 300, watched_seconds: 25 },
      { subject_id: 11, position_seconds: 45, duration_seconds: 300, watched_seconds: 25 },
      { subject_id: 12, page: 4, page_count: 4 },
    ]);
    expect(queryClient.getQueryData(progressQueryKey(3))).toEqual(answer(12));
  });

  it("queues a live 'Mark as done' that meets a server error or 429, and drops only a 4xx refusal", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await signIn();
    setOnline(true);
    const server = progressServer(fail(500, 'Something went wrong.'), fail(429, 'Too many requests.'));
    const { result, queryClient } = renderSync();

    // The server fails: the report waits in the queue (no error for the learner), sent on the retry.
    expect(await act(() => result.current.mutateAsync({ subject_id: 12, completed: true }))).toBeNull();
    expect(readProgressQueue().map((entry) => entry.body)).toEqual([{ subject_id: 12, completed: true }]);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    await waitFor(() => expect(server.callsTo('POST', '/progress')).toHaveLength(2));
    expect(readProgressQueue().map((entry) => entry.body)).toEqual([{ subject_id: 12, completed: true }]);
    await vi.advanceTimersByTimeAsync(2 * FIRST_RETRY_MS);
    await waitFor(() => expect(readProgressQueue()).toEqual([]));
    expect(server.callsTo('POST', '/progress')).toHaveLength(3);
    expect(queryClient.getQueryData(progressQueryKey(3))).toEqual(answer(12));

    // Refused for good (the course refunded meanwhile): not kept, the error is the caller's.
    mockApi({ 'POST /progress': fail(403, 'You do not have access to this.') });
    const after = result.current.mutateAsync({ subject_id: 13, completed: true });
    await expect(act(() => after)).rejects.toMatchObject({ status: 403 });
    expect(readProgressQueue()).toEqual([]);
  });

  it('sends a report made while others wait after them, so the server takes them in the order made', async () => {
    await signIn();
    setOnline(true);
    enqueueProgress({ subject_id: 11, completed: true });
    const server = progressServer();

    expect(await recordProgress({ subject_id: 21 })).toEqual(answer(21));
    expect(server.callsTo('POST', '/progress').map((c) => c.body)).toEqual([
      { subject_id: 11, completed: true },
      { subject_id: 21 },
    ]);
    expect(readProgressQueue()).toEqual([]);
  });

  it('sends a held queue as soon as the app is shown again', async () => {
    await signIn();
    setOnline(true);
    enqueueProgress({ subject_id: 12, completed: true });
    const server = progressServer(fail(502, 'Bad Gateway'));
    renderSync();
    await waitFor(() => expect(server.callsTo('POST', '/progress')).toHaveLength(1));
    expect(readProgressQueue()).toHaveLength(1);

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(readProgressQueue()).toEqual([]));
    expect(server.callsTo('POST', '/progress')).toHaveLength(2);
  });
});
