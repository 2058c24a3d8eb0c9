import type { QuizAnswer } from '@app/contracts';
import { learnerItemKey } from '@/lib/learner-storage';

/** A quiz in progress: the question shown and the answers given, by question number. */
export interface QuizSession {
  current: number;
  answers: Record<number, QuizAnswer>;
}

const keyOf = (learner: string, subjectId: number) => learnerItemKey(learner, `quiz:${subjectId}`);
const fresh = (): QuizSession => ({ current: 1, answers: {} });

function isAnswer(value: unknown): value is QuizAnswer {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    Number.isInteger(value[0]) &&
    (value[1] === null || Number.isInteger(value[1]))
  );
}

/**
 * Kept in localStorage, per learner (their referral code) and subject, so that a reload, or the app closed and opened
 * again, returns to the same question with the same answers, and another learner on the same phone never sees them.
 */
export function loadQuizSession(learner: string, subjectId: number): QuizSession {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(keyOf(learner, subjectId)) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return fresh();
    const { current, answers } = raw as Partial<QuizSession>;
    const kept: Record<number, QuizAnswer> = {};
    for (const [n, answer] of Object.entries(answers ?? {})) if (isAnswer(answer)) kept[Number(n)] = answer;
    return { current: Number.isInteger(current) && current! >= 1 ? current! : 1, answers: kept };
  } catch {
    return fresh();
  }
}

export function saveQuizSession(learner: string, subjectId: number, session: QuizSession): void {
  try {
    localStorage.setItem(keyOf(learner, subjectId), JSON.stringify(session));
  } catch {
    // Storage full or blocked: the quiz still works, it just will not survive a reload.
  }
}

export function clearQuizSession(learner: string, subjectId: number): void {
  localStorage.removeItem(keyOf(learner, subjectId));
}

/** The answers in question order, as POST /quiz takes them. */
export function answersInOrder(session: QuizSession): QuizAnswer[] {
  return Object.entries(session.answers)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, answer]) => answer);
}
