import { useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from './idempotent-post';

/** The wallet's two forms that move money. */
export type WalletForm = 'withdraw' | 'redeem';

/** One confirmation: what it asks (rupees to withdraw, or points to redeem) and its Idempotency-Key. */
export interface WalletAttempt {
  amount: number;
  key: string;
}

/**
 * The last attempt of each form whose answer never came (docs/product/wallet-and-withdrawals.md#a-lost-answer,
 * decision 052). In memory, for as long as the app is open: a reload reads the wallet afresh anyway, and the
 * server keeps each key with its first answer, so a key reused later replays that answer. Kept beside the app's
 * query client, which holds the wallet it is about (and each test's app has its own).
 */
const unansweredByApp = new WeakMap<QueryClient, Map<WalletForm, WalletAttempt>>();

function unansweredOf(queryClient: QueryClient): Map<WalletForm, WalletAttempt> {
  let unanswered = unansweredByApp.get(queryClient);
  if (!unanswered) {
    unanswered = new Map();
    unansweredByApp.set(queryClient, unanswered);
  }
  return unanswered;
}

/**
 * Whether a failed request may have moved the money all the same: no answer arrived (status 0: the request may have
 * reached the server and its answer been lost), a proxy or the server failed (a 502/504 can come after the commit),
 * or the first request with this key is still running (409).
 */
export function isAnswerLost(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 409 || error.status >= 500);
}

/** The attempt a Continue starts: the unanswered one's key when it asked the same amount, so the server replays it. */
function attemptFor(queryClient: QueryClient, form: WalletForm, amount: number): WalletAttempt {
  const lost = unansweredOf(queryClient).get(form);
  return lost && lost.amount === amount ? lost : { amount, key: newIdempotencyKey() };
}

/** After a request: kept while its answer is lost, forgotten once the server has answered it. */
export function settleAttempt(
  queryClient: QueryClient,
  form: WalletForm,
  attempt: WalletAttempt,
  error: unknown,
): void {
  const unanswered = unansweredOf(queryClient);
  if (error !== null && isAnswerLost(error)) unanswered.set(form, attempt);
  else if (unanswered.get(form)?.key === attempt.key) unanswered.delete(form);
}

/**
 * A form's confirmation and what it knows of an earlier lost answer. While one is lost the wallet is read again
 * when the form opens and when it closes: the balance, the limits and the list then show what the server did,
 * instead of the balance from before, on which a second request could be asked as a new one.
 */
export function useWalletAttempt(form: WalletForm) {
  const queryClient = useQueryClient();
  const unanswered = unansweredOf(queryClient);
  const [attempt, setAttempt] = useState<WalletAttempt | null>(null);
  // What the form says when it opens; read once, so the note does not come and go under the learner's eyes.
  const [lostOnOpen] = useState(() => unanswered.get(form) ?? null);
  const readWalletAgain = () => {
    // The balance shows on several screens: mark everything stale, refetch what is on screen (as a success does).
    if (unanswered.has(form)) void queryClient.invalidateQueries();
  };
  const onOpen = useEffectEvent(readWalletAgain);
  useEffect(() => onOpen(), []);

  return {
    attempt,
    lostOnOpen,
    begin: (amount: number) => setAttempt(attemptFor(queryClient, form, amount)),
    back: () => setAttempt(null),
    /** The form closes (sent, or given up). */
    end: () => {
      setAttempt(null);
      readWalletAgain();
    },
  };
}
