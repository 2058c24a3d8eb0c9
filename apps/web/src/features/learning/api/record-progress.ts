import { useEffect } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MAX_WATCHED_DELTA_SECONDS, type ProgressBody, type ProgressData } from '@app/contracts';
import { api, ApiError } from '@/lib/api-client';
import { storageKeys } from '@/lib/token-storage';
import { progressQueryKey } from './get-progress';
import { learnQueryKey } from './get-learn';
import { continueQueryKey } from './get-continue';

/**
 * Progress reports made while offline wait in localStorage and are sent when the browser is back
 * online (the `online` event) or the app starts. Each entry is tagged with the stored (encrypted)
 * session token: after a logout or another sign-in the old entries are dropped, never sent under
 * someone else's name. Replaying is safe enough: positions and pages are overwritten, watched
 * deltas add up but the server caps them at the video's length.
 */
export const PROGRESS_QUEUE_KEY = 'progress-queue';
/** The oldest reports are dropped beyond this. */
export const MAX_QUEUED_REPORTS = 200;

interface QueuedReport {
  session: string | null;
  body: ProgressBody;
}

const currentSession = () => localStorage.getItem(storageKeys.token);

export function readProgressQueue(): QueuedReport[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PROGRESS_QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedReport[]) : [];
  } catch {
    return [];
  }
}

function writeProgressQueue(queue: QueuedReport[]): void {
  if (queue.length === 0) localStorage.removeItem(PROGRESS_QUEUE_KEY);
  else localStorage.setItem(PROGRESS_QUEUE_KEY, JSON.stringify(queue.slice(-MAX_QUEUED_REPORTS)));
}

/** A report that completes a PDF on its own must reach the server as it is, not merged away. */
const isFinishing = (body: ProgressBody) =>
  body.completed === true || (body.page != null && body.page === body.page_count);

/**
 * Keeps a report for later. A video's reports for the same subject merge into the last queued
 * one (watched deltas added, up to the per-report limit; the latest position wins), so an hour
 * offline is a few entries, not hundreds.
 */
export function enqueueProgress(body: ProgressBody): void {
  const queue = readProgressQueue();
  const session = currentSession();
  const last = queue.at(-1);
  const watched = (last?.body.watched_seconds ?? 0) + (body.watched_seconds ?? 0);
  if (
    last &&
    last.session === session &&
    last.body.subject_id === body.subject_id &&
    !isFinishing(last.body) &&
    !isFinishing(body) &&
    watched <= MAX_WATCHED_DELTA_SECONDS
  ) {
    const merged = { ...last.body, ...withoutNulls(body), watched_seconds: watched };
    queue[queue.length - 1] = { session, body: merged };
  } else {
    queue.push({ session, body });
  }
  writeProgressQueue(queue);
}

function withoutNulls(body: ProgressBody): ProgressBody {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== null && value !== undefined),
  ) as ProgressBody;
}

const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

async function send(body: ProgressBody): Promise<ProgressData> {
  const { data } = await api.post<ProgressData>('/progress', body);
  return data;
}

let flushing: Promise<ProgressData[]> | null = null;

async function sendQueue(): Promise<ProgressData[]> {
  const answers: ProgressData[] = [];
  while (navigator.onLine) {
    // Taken out of the queue while in flight, so a report queued meanwhile never merges into it.
    const [next, ...rest] = readProgressQueue();
    if (!next) break;
    writeProgressQueue(rest);
    if (next.session !== currentSession()) continue;
    try {
      answers.push(await send(next.body));
    } catch (error) {
      if (isNetworkError(error)) {
        writeProgressQueue([next, ...readProgressQueue()]);
        break;
      }
    }
  }
  return answers;
}

/**
 * Sends the queued reports in order, one run at a time. Stops at a network error (the rest stay
 * queued); a report the server refuses (a course refunded meanwhile, 4xx) is dropped, as a retry
 * would not change the answer. Returns the progress answers, to refresh what the screens show.
 */
export function flushProgressQueue(): Promise<ProgressData[]> {
  flushing ??= sendQueue().finally(() => {
    flushing = null;
  });
  return flushing;
}

let lastReport: Promise<unknown> = Promise.resolve();

/**
 * POST /progress, or into the queue when the device is offline: resolves to the course's
 * progress, or null when the report was queued. Reports go one at a time in the order made, so a
 * closing chapter's last report cannot land after the next chapter's opening (which must be last).
 */
export function recordProgress(body: ProgressBody): Promise<ProgressData | null> {
  const next = lastReport.then(() => sendOrQueue(body));
  lastReport = next.catch(() => undefined);
  return next;
}

async function sendOrQueue(body: ProgressBody): Promise<ProgressData | null> {
  if (!navigator.onLine) {
    enqueueProgress(body);
    return null;
  }
  try {
    const data = await send(body);
    if (readProgressQueue().length > 0) void flushProgressQueue();
    return data;
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    enqueueProgress(body);
    return null;
  }
}

/** What a progress answer changes on screen: the course's progress now, My Courses and the dashboard card when next shown. */
export function applyProgress(queryClient: QueryClient, answers: ProgressData[]): void {
  if (answers.length === 0) return;
  for (const data of answers) queryClient.setQueryData(progressQueryKey(data.course_id), data);
  void queryClient.invalidateQueries({ queryKey: learnQueryKey });
  void queryClient.invalidateQueries({ queryKey: continueQueryKey });
}

/** Records progress (the viewers, online and offline, report through this). */
export function useRecordProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordProgress,
    // Runs offline too: recordProgress queues the report itself (React Query would only pause it).
    networkMode: 'always',
    onSuccess: (data) => applyProgress(queryClient, data ? [data] : []),
  });
}

let syncUsers = 0;
let stopSync: (() => void) | null = null;

/**
 * Sends the queued reports now and whenever the browser comes back online, while mounted (one
 * listener however many screens use it). Mounted by the app shell and the learning screens.
 */
export function useProgressSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const flush = () => void flushProgressQueue().then((answers) => applyProgress(queryClient, answers));
    syncUsers += 1;
    if (syncUsers === 1) {
      window.addEventListener('online', flush);
      stopSync = () => window.removeEventListener('online', flush);
    }
    flush();
    return () => {
      syncUsers -= 1;
      if (syncUsers === 0) {
        stopSync?.();
        stopSync = null;
      }
    };
  }, [queryClient]);
}
