import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProgressBody, ProgressData } from '@app/contracts';
import { storageKeys } from '@/lib/token-storage';
import { deferred, mockApi, ok } from '@/testing/mock-api';
import { signIn } from '@/testing/test-utils';
import { PROGRESS_QUEUE_KEY, enqueueProgress, flushProgressQueue, readProgressQueue } from './record-progress';

const answer: ProgressData = {
  course_id: 3,
  last_subject_id: 12,
  last_term_id: 1,
  position_seconds: 0,
  page: null,
  studied_subject_ids: [12],
  completed_subject_ids: [12],
  passed_quiz_subject_ids: [],
  total_subjects: 2,
  total_quizzes: 0,
  percent: 50,
};

/** What survives the app being closed: the queue as stored. */
const storedQueue = (): { body: ProgressBody; sending?: boolean }[] =>
  JSON.parse(localStorage.getItem(PROGRESS_QUEUE_KEY) ?? '[]');

afterEach(() => {
  vi.restoreAllMocks();
});

// Patchy 4G: a queued report ('Mark as done' made offline, or up to 600 s of watching merged into one entry) was taken
// out of localStorage before its POST was answered. The request can hang for tens of seconds; a child who swipes the
// app away then (or whose phone kills the tab) lost the report for good (decision 061).
describe('a queued progress report while its request is in flight', () => {
  it('stays on the device, marked as being sent, until the server has answered it', async () => {
    await signIn();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    enqueueProgress({ subject_id: 12, completed: true });
    const slow = deferred();
    const server = mockApi({ 'POST /progress': slow.handler });

    const run = flushProgressQueue();
    await waitFor(() => expect(server.callsTo('POST', '/progress')).toHaveLength(1));
    try {
      expect(storedQueue()).toMatchObject([{ body: { subject_id: 12, completed: true }, sending: true }]);
    } finally {
      slow.release(ok(answer));
      await run;
    }
    expect(readProgressQueue()).toEqual([]);
  });

  it('takes no report into the one in flight: watching meanwhile is queued after it and sent next', async () => {
    await signIn();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    enqueueProgress({ subject_id: 11, position_seconds: 100, duration_seconds: 900, watched_seconds: 100 });
    const slow = deferred();
    let requests = 0;
    const server = mockApi({ 'POST /progress': () => (++requests === 1 ? slow.handler() : ok(answer)) });

    const run = flushProgressQueue();
    await waitFor(() => expect(server.callsTo('POST', '/progress')).toHaveLength(1));
    enqueueProgress({ subject_id: 11, position_seconds: 130, duration_seconds: 900, watched_seconds: 30 });
    expect(storedQueue().map((entry) => entry.body.watched_seconds)).toEqual([100, 30]);
    slow.release(ok(answer));
    await run;
    await waitFor(() => expect(readProgressQueue()).toEqual([]));
    expect(server.callsTo('POST', '/progress').map((call) => (call.body as ProgressBody).watched_seconds)).toEqual([
      100, 30,
    ]);
  });

  it('is sent again by the next page when the page that sent it died before the answer', async () => {
    await signIn();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    // As a killed tab leaves it: marked as being sent, never answered.
    const session = localStorage.getItem(storageKeys.token);
    const report = { subject_id: 12, completed: true } satisfies ProgressBody;
    localStorage.setItem(
      PROGRESS_QUEUE_KEY,
      JSON.stringify([{ id: 'dead-page', session, body: report, sending: true }]),
    );
    const server = mockApi({ 'POST /progress': ok(answer) });

    expect(await flushProgressQueue()).toEqual([answer]);
    expect(server.callsTo('POST', '/progress').map((call) => call.body)).toEqual([report]);
    expect(readProgressQueue()).toEqual([]);
  });

  it('is kept, no longer marked, when no answer comes, and sent again after', async () => {
    await signIn();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    enqueueProgress({ subject_id: 12, completed: true });
    let requests = 0;
    const server = mockApi({
      'POST /progress': () => {
        if (++requests === 1) throw new TypeError('Failed to fetch');
        return ok(answer);
      },
    });

    expect(await flushProgressQueue()).toEqual([]);
    expect(storedQueue()).toEqual([expect.objectContaining({ body: { subject_id: 12, completed: true } })]);
    expect(storedQueue()[0]).not.toHaveProperty('sending');
    expect(await flushProgressQueue()).toEqual([answer]);
    expect(server.callsTo('POST', '/progress')).toHaveLength(2);
    expect(readProgressQueue()).toEqual([]);
  });
});
