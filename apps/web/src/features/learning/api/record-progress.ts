import { useEffect } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MAX_WATCHED_DELTA_SECONDS, type ProgressBody, type ProgressData } from '@app/contracts';
import { api, ApiError } from '@/lib/api-client';
import { storageKeys } from '@/lib/token-storage';
import { progressQueryKey } from './get-progress';
import { learnQueryKey } from './get-learn';
import { continueQueryKey } from './get-continue';

/**
 * Progress reports that could not be sent wait in localStorage: made offline, or refused for now (no answer, a
 * server error, too many requests). They are sent when the browser is back online, the app starts or comes back to
 * the screen, after a later report got through, and after a server error on a back-off timer. Each entry is tagged
 * with the stored (encrypted) session token: after a logout or another sign-in the old entries are dropped, never
 * sent under someone else's name. A report stays in the queue while it is being sent, marked so, until the server has
 * answered it: a tab killed meanwhile leaves it there, and the next page sends it again (decision 061). Replaying is
 * safe enough: positions and pages are overwritten, completion is kept once set, watched deltas add up but the server
 * caps them at the video's length.
 */
export const PROGRESS_QUEUE_KEY = 'progress-queue';
/** The oldest reports are dropped beyond this. */
export const MAX_QUEUED_REPORTS = 200;

interface QueuedReport {
  /** Which entry an answer removes, wherever it is in the queue by then (entries queued before this had none). */
  id?: string;
  session: string | null;
  body: ProgressBody;
  /**
   * Sent and not yet answered. Nothing merges into it (what the server may have taken is left as it was sent); a
   * page that finds it marked sends it again, as the page that sent it may have died before the answer came.
   */
  sending?: true;
}

const newEntryId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

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
    !last.sending &&
    last.session === session &&
    last.body.subject_id === body.subject_id &&
    !isFinishing(last.body) &&
    !isFinishing(body) &&
    watched <= MAX_WATCHED_DELTA_SECONDS
  ) {
    const merged = { ...last.body, ...withoutNulls(body), watched_seconds: watched };
    queue[queue.length - 1] = { ...last, session, body: merged };
  } else {
    queue.push({ id: newEntryId(), session, body });
  }
  writeProgressQueue(queue);
}

function withoutNulls(body: ProgressBody): ProgressBody {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== null && value !== undefined),
  ) as ProgressBody;
}

/**
 * A refusal the server will repeat (a course refunded meanwhile, a report it finds invalid: 4xx). Anything else (no
 * answer, a 5xx, a 429) may go through later: the report is kept.
 */
const isRefused = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

async function send(body: ProgressBody): Promise<ProgressData> {
  const { data } = await api.post<ProgressData>('/progress', body);
  return data;
}

/** The wait before the queue is sent again after a failure while online: doubled at each failure, up to the maximum. */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 10 * 60_000;
let retryDelay = FIRST_RETRY_MS;
let retryTimer: number | undefined;
/** Sends the queue and shows the answers: set while useProgressSync is mounted, which the retries need. */
let syncFlush: (() => void) | null = null;

/** Sends the queue again later, once (a failure while a retry is already due changes nothing). */
function retryLater(): void {
  if (retryTimer !== undefined || !syncFlush) return;
  const flush = syncFlush;
  retryTimer = window.setTimeout(() => {
    retryTimer = undefined;
    flush();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
}

function stopRetrying(): void {
  window.clearTimeout(retryTimer);
  retryTimer = undefined;
  retryDelay = FIRST_RETRY_MS;
}

let flushing: Promise<ProgressData[]> | null = null;

/**
 * After the answer to entry `id`: removed (answered or refused), or kept unmarked (no answer: sent again later).
 * Found by its id wherever it is by then; gone already if another tab sent it too and was answered first.
 */
function settleEntry(id: string, outcome: 'answered' | 'unanswered'): void {
  const queue = readProgressQueue();
  const index = queue.findIndex((entry) => entry.id === id);
  if (index === -1) return;
  if (outcome === 'answered') queue.splice(index, 1);
  else queue[index] = { ...queue[index]!, sending: undefined };
  writeProgressQueue(queue);
}

async function sendQueue(): Promise<ProgressData[]> {
  const answers: ProgressData[] = [];
  try {
    while (navigator.onLine) {
      const [head, ...rest] = readProgressQueue();
      if (!head) {
        stopRetrying();
        break;
      }
      if (head.session !== currentSession()) {
        writeProgressQueue(rest);
        continue;
      }
      // Marked, not taken out, while in flight: kept on the device until answered, and never merged into meanwhile.
      // A mark found here was left by a page that died before its answer (or another tab is sending it too): it is
      // sent again, as the server takes replays (see the file's head).
      const next: QueuedReport & { id: string } = { ...head, id: head.id ?? newEntryId(), sending: true };
      writeProgressQueue([next, ...rest]);
      try {
        answers.push(await send(next.body));
        settleEntry(next.id, 'answered');
      } catch (error) {
        if (isRefused(error)) {
          settleEntry(next.id, 'answered');
          continue;
        }
        // Left first in the queue, unmarked, and tried again later rather than at once.
        settleEntry(next.id, 'unanswered');
        retryLater();
        break;
      }
    }
  } finally {
    // Cleared in the same step as the run's last look at the queue, so a report queued after it starts a new run.
    flushing = null;
  }
  return answers;
}

/**
 * Sends the queued reports in order, one run at a time. Stops at the first report that fails for the network or the
 * server (5xx, 429): it and the rest stay queued, sent again on a timer (30 s, then doubled up to 10 minutes), when
 * the browser is back online or the app is shown again. A report the server refuses (4xx) is dropped, as a retry
 * would not change the answer. Returns the progress answers, to refresh what the screens show.
 */
export function flushProgressQueue(): Promise<ProgressData[]> {
  // Started a microtask later, so `flushing` is set before a run that finds nothing to send can clear it.
  flushing ??= Promise.resolve().then(sendQueue);
  return flushing;
}

let lastReport: Promise<unknown> = Promise.resolve();

/**
 * POST /progress, or into the queue when it cannot be sent now: resolves to the course's progress, or null when the
 * report was queued. Reports go one at a time in the order made, so a closing chapter's last report cannot land after
 * the next chapter's opening (which must be last); a report made while others wait in the queue goes after them.
 * Rejects only when the server refuses the report (4xx).
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
  if (readProgressQueue().length > 0) {
    enqueueProgress(body);
    const answers = await flushProgressQueue();
    // All sent: the last answer is this report's (or the one it merged into).
    return readProgressQueue().length === 0 ? (answers.at(-1) ?? null) : null;
  }
  try {
    const data = await send(body);
    if (readProgressQueue().length > 0) void flushProgressQueue();
    return data;
  } catch (error) {
    if (isRefused(error)) throw error;
    enqueueProgress(body);
    retryLater();
    return null;
  }
}

/** Where a chapter was left: a video's second, a PDF's page (null: none known, the first). */
export interface ChapterPlace {
  positionSeconds: number;
  page: number | null;
}

/**
 * Where a saved chapter was left, as far as this device knows, without asking the server: the newest report still
 * waiting in the queue (made offline) that says where (a video's position, a PDF's page), else the course's last
 * progress answer kept on the device (decision 029) when it names this chapter the last one studied; the beginning
 * when neither does.
 */
export function lastKnownPlace(
  queryClient: QueryClient,
  chapter: { courseId: number; subjectId: number },
): ChapterPlace {
  const session = currentSession();
  const queued = readProgressQueue().findLast(
    (entry) =>
      entry.session === session &&
      entry.body.subject_id === chapter.subjectId &&
      (entry.body.position_seconds != null || entry.body.page != null),
  );
  if (queued) return { positionSeconds: queued.body.position_seconds ?? 0, page: queued.body.page ?? null };
  const progress = queryClient.getQueryData<ProgressData>(progressQueryKey(chapter.courseId));
  return progress?.last_subject_id === chapter.subjectId
    ? { positionSeconds: progress.position_seconds, page: progress.page }
    : { positionSeconds: 0, page: null };
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
 * Sends the queued reports now, whenever the browser comes back online or the app is shown again, and on the retry
 * timer, while mounted (one set of listeners however many screens use it). Mounted by the app shell.
 */
export function useProgressSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const flush = () => void flushProgressQueue().then((answers) => applyProgress(queryClient, answers));
    const flushWhenShown = () => {
      if (document.visibilityState === 'visible' && readProgressQueue().length > 0) flush();
    };
    syncUsers += 1;
    if (syncUsers === 1) {
      syncFlush = flush;
      window.addEventListener('online', flush);
      document.addEventListener('visibilitychange', flushWhenShown);
      stopSync = () => {
        window.removeEventListener('online', flush);
        document.removeEventListener('visibilitychange', flushWhenShown);
        syncFlush = null;
        stopRetrying();
      };
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
