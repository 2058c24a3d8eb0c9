import { useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { attemptFor, unansweredAttempt, type Attempt } from '@/lib/idempotent-request';

/** The wallet's two forms that move money. */
export type WalletForm = 'withdraw' | 'redeem';

/** One confirmation: what it asks (rupees to withdraw, or points to redeem) and its Idempotency-Key. */
export type WalletAttempt = Attempt<{ amount: number }>;

/**
 * A form's confirmation and what it knows of an earlier lost answer (docs/product/wallet-and-withdrawals.md#a-lost-answer,
 * decision 052; the attempts are kept by lib/idempotent-request.ts). While one is lost the wallet is read again
 * when the form opens and when it closes: the balance, the limits and the list then show what the server did,
 * instead of the balance from before, on which a second request could be asked as a new one.
 */
export function useWalletAttempt(form: WalletForm) {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState<WalletAttempt | null>(null);
  // What the form says when it opens; read once, so the note does not come and go under the learner's eyes.
  const [lostOnOpen] = useState(() => unansweredAttempt<{ amount: number }>(queryClient, form) ?? null);
  const readWalletAgain = () => {
    // The balance shows on several screens: mark everything stale, refetch what is on screen (as a success does).
    if (unansweredAttempt(queryClient, form)) void queryClient.invalidateQueries();
  };
  const onOpen = useEffectEvent(readWalletAgain);
  useEffect(() => onOpen(), []);

  return {
    attempt,
    lostOnOpen,
    begin: (amount: number) => setAttempt(attemptFor(queryClient, form, { amount })),
    back: () => setAttempt(null),
    /** The form closes (sent, or given up). */
    end: () => {
      setAttempt(null);
      readWalletAgain();
    },
  };
}
