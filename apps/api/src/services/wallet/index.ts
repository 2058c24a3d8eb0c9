export { convertValuePaise, getConvertValue } from './get-convert-value.ts';
export {
  addHeldCredit,
  cancelHeldCredit,
  cancelHeldCredits,
  heldCreditsOf,
  refundWindowEnd,
  refundWindowEndAt,
  releaseHeldCredits,
  settleDueWallets,
  settleEarnings,
} from './held-credits.ts';
export { listTransactions } from './list-transactions.ts';
export { postEntry } from './post-entry.ts';
export { debtsOf, owedPaiseOf, payDebtsFromEarnings, recoverShortfalls, type Debt } from './recover-shortfalls.ts';
export { redeemPoints } from './redeem-points.ts';
export { takeBackQuizPoints } from './take-back-quiz-points.ts';
export type { QuizPointsTakenBack } from './take-back-quiz-points.ts';
export { addTakenBack, NOTHING_TAKEN, takeBack } from './take-back.ts';
export type { TakenBack } from './take-back.ts';
export {
  currentPayout,
  isPendingWithdrawal,
  lockPendingWithdrawal,
  lockWithdrawal,
  payingOperator,
} from './pending-withdrawal.ts';
export { rejectWithdrawal, stopWithdrawal } from './reject-withdrawal.ts';
export { withdrawBalance } from './withdraw-balance.ts';
