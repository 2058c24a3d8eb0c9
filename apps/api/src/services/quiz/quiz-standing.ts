import { and, count, eq } from 'drizzle-orm';
import { quizMessages, type QuizRetakeStatus } from '@app/contracts';
import { quizAttemptGrants, type DbOrTx } from '@app/db';
import { getSettings } from '../settings/index.ts';
import { listQuizAttempts, type QuizAttempt } from './draw-quiz.ts';

/** Where a learner stands with a subject's quiz: every attempt, the best mark and whether a retake may start. */
export interface QuizStanding {
  /** Oldest first; the last one is the current attempt. */
  attempts: QuizAttempt[];
  /** quiz_max_attempts, plus one for each attempt an operator granted this learner at this quiz (decision 062). */
  maxAttempts: number;
  /** The attempts operators granted beyond quiz_max_attempts (quiz_attempt_grants). */
  grantedAttempts: number;
  /** The best submitted percentage (what counts for the certificate); null before any submission. */
  bestMarkInPercentage: number | null;
  /** What an attempt needs to pass (the certificate's rule: services/certificates/passed-quiz-subject-ids.ts). */
  passMarkPercent: number;
  retake: QuizRetakeStatus;
}

/**
 * The one retake rule (docs/product/learning-and-quizzes.md#retakes): the current attempt is submitted,
 * fewer than the maximum attempts were started, and the cooldown since that submission has passed.
 */
export function retakeStatus(options: {
  current: QuizAttempt | undefined;
  attemptsUsed: number;
  maxAttempts: number;
  cooldownHours: number;
  now: Date;
}): QuizRetakeStatus {
  const refused = (reason: string, availableAt: Date | null = null): QuizRetakeStatus => ({
    allowed: false,
    available_at: availableAt?.toISOString() ?? null,
    reason,
  });
  const { current } = options;
  if (!current) return refused(quizMessages.retakeNotStarted);
  if (!current.submittedAt) return refused(quizMessages.retakeNotSubmitted);
  if (options.attemptsUsed >= options.maxAttempts) return refused(quizMessages.retakeAllUsed(options.maxAttempts));
  const availableAt = new Date(current.submittedAt.getTime() + options.cooldownHours * 3_600_000);
  if (options.now < availableAt) return refused(quizMessages.retakeCooldown(availableAt), availableAt);
  return { allowed: true, available_at: null, reason: null };
}

/** The attempts operators granted the learner at the subject's quiz beyond quiz_max_attempts. */
async function grantedAttempts(db: DbOrTx, options: { userId: number; subjectId: number }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(quizAttemptGrants)
    .where(and(eq(quizAttemptGrants.userId, options.userId), eq(quizAttemptGrants.subjectId, options.subjectId)));
  return row?.n ?? 0;
}

/** Reads the learner's attempts and the retake settings (pass the transaction to see its own writes). */
export async function quizStanding(
  db: DbOrTx,
  options: { userId: number; subjectId: number; now: Date },
): Promise<QuizStanding> {
  const attempts = await listQuizAttempts(db, options);
  const limits = await getSettings(db, ['quiz_retake_cooldown_hours', 'quiz_max_attempts', 'pass_mark_percent']);
  const granted = await grantedAttempts(db, options);
  const maxAttempts = limits.quiz_max_attempts + granted;
  const marks = attempts.filter((a) => a.submittedAt).map((a) => Number(a.markInPercentage ?? 0));
  return {
    attempts,
    maxAttempts,
    grantedAttempts: granted,
    bestMarkInPercentage: marks.length > 0 ? Math.max(...marks) : null,
    passMarkPercent: limits.pass_mark_percent,
    retake: retakeStatus({
      current: attempts.at(-1),
      attemptsUsed: attempts.length,
      maxAttempts,
      cooldownHours: limits.quiz_retake_cooldown_hours,
      now: options.now,
    }),
  };
}
