import { z } from 'zod';
import { quizMessages } from './messages.ts';

/** A quiz has at most this many questions, drawn from the subject's bank (docs/product/learning-and-quizzes.md#quiz). */
export const QUIZ_LENGTH = 10;
/**
 * The bank a chapter needs for every attempt to hold questions the learner has never been asked: a result shows
 * each correct answer, so a smaller bank lets a retake be passed by copying (decision 062; the console warns).
 */
export const freshQuizBankSize = (maxAttempts: number) => QUIZ_LENGTH * maxAttempts;
/** Each question has 2 to 5 options, numbered 1..5. */
export const QUIZ_MAX_OPTIONS = 5;

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** GET /quiz/{subjectId}/{n} */
export const quizQuestionParams = z.object({
  subjectId: id,
  n: z.coerce
    .number()
    .int()
    .min(1, quizMessages.questionNumberInvalid(QUIZ_LENGTH))
    .max(QUIZ_LENGTH, quizMessages.questionNumberInvalid(QUIZ_LENGTH)),
});

/** POST /quiz/{subjectId} */
export const quizSubjectParams = z.object({ subjectId: id });

/** Marks in percent with two decimals: 7/10 → 70, 2/3 → 66.67. */
export function markInPercentage(totalMark: number, questionCount: number): number {
  if (questionCount <= 0) return 0;
  return Math.round((totalMark * 10_000) / questionCount) / 100;
}

const optionNumber = z
  .number({ error: quizMessages.optionInvalid })
  .int(quizMessages.optionInvalid)
  .min(1, quizMessages.optionInvalid)
  .max(QUIZ_MAX_OPTIONS, quizMessages.optionInvalid);

/**
 * POST /quiz/{subjectId} body: `{ data: [[question_id, option_number | null], ...] }`, one pair per
 * question of the learner's quiz; a question left out or answered null scores 0.
 */
export const quizSubmitBody = z.strictObject(
  {
    data: z
      .array(
        z.tuple(
          [
            z
              .number({ error: quizMessages.questionNotInQuiz })
              .int(quizMessages.questionNotInQuiz)
              .positive(quizMessages.questionNotInQuiz)
              .max(2_147_483_647, quizMessages.questionNotInQuiz),
            optionNumber.nullable(),
          ],
          { error: quizMessages.answersRequired },
        ),
        { error: quizMessages.answersRequired },
      )
      .min(1, quizMessages.answersRequired)
      .max(QUIZ_LENGTH, quizMessages.answersRequired),
  },
  { error: quizMessages.answersRequired },
);
export type QuizSubmitBody = z.input<typeof quizSubmitBody>;
export type QuizAnswer = [questionId: number, option: number | null];

/** One question as the learner sees it: never its correct option. */
export const quizQuestion = z.object({
  id: z.number(),
  question: z.string(),
  option_1: z.string(),
  option_2: z.string(),
  option_3: z.string().nullable(),
  option_4: z.string().nullable(),
  option_5: z.string().nullable(),
  /** This question's number, 1-based. */
  question_number: z.number(),
  /** How many questions this learner's quiz has: 10, or the whole bank when it holds fewer. */
  total_questions: z.number(),
});
export type QuizQuestion = z.infer<typeof quizQuestion>;

/** One graded question of a submitted quiz; answers as option text, with their numbers. */
export const quizResultItem = z.object({
  question_id: z.number(),
  question: z.string(),
  /** The chosen option's text; null when unanswered. */
  answer: z.string().nullable(),
  answer_option: z.number().nullable(),
  correct_answer: z.string(),
  correct_option: z.number(),
  mark: z.number(),
  /** Why the correct option is right, when the question bank says; null otherwise. */
  explanation: z.string().nullable(),
});
export type QuizResultItem = z.infer<typeof quizResultItem>;

/** Whether the learner may start another attempt now, and if not, when or why not. */
export const quizRetakeStatus = z.object({
  allowed: z.boolean(),
  /** When the cooldown since the last submission ends; null unless that is all that stands in the way. */
  available_at: z.string().nullable(),
  /** Why a retake is not allowed now (the text POST /quiz/{id}/retake would answer); null when allowed. */
  reason: z.string().nullable(),
});
export type QuizRetakeStatus = z.infer<typeof quizRetakeStatus>;

/** Where the learner stands with a subject's quiz across attempts. */
const quizStanding = {
  /** Attempts started so far (the current one included). */
  attempts_used: z.number(),
  max_attempts: z.number(),
  /** The best submitted attempt's percentage: the one that counts for the certificate. */
  best_mark_in_percentage: z.number(),
  /** The percentage an attempt needs to pass, and so to count for the certificate (an operator setting). */
  pass_mark_percent: z.number(),
  retake: quizRetakeStatus,
};

/** A submitted quiz. The client tells it from a question by its `result` list. */
export const quizResult = z.object({
  total_mark: z.number(),
  mark_in_percentage: z.number(),
  total_questions: z.number(),
  submitted_at: z.string(),
  result: z.array(quizResultItem),
  /** This result's attempt number, 1-based. */
  attempt: z.number(),
  ...quizStanding,
});
export type QuizResult = z.infer<typeof quizResult>;

/** One attempt in GET /quiz/{subjectId}/attempts; marks are null until it is submitted. */
export const quizAttemptSummary = z.object({
  attempt: z.number(),
  submitted_at: z.string().nullable(),
  total_mark: z.number().nullable(),
  mark_in_percentage: z.number().nullable(),
  total_questions: z.number(),
});
export type QuizAttemptSummary = z.infer<typeof quizAttemptSummary>;

/** GET /quiz/{subjectId}/attempts: every attempt, oldest first, with the retake status. */
export const quizAttemptsData = z.object({
  attempts: z.array(quizAttemptSummary),
  ...quizStanding,
  /** Null until an attempt is submitted. */
  best_mark_in_percentage: z.number().nullable(),
});
export type QuizAttemptsData = z.infer<typeof quizAttemptsData>;

/** POST /quiz/{subjectId}/retake: the new attempt; GET /quiz/{subjectId}/1 serves its first question. */
export const quizRetakeData = z.object({
  attempt: z.number(),
  total_questions: z.number(),
  attempts_used: z.number(),
  max_attempts: z.number(),
});
export type QuizRetakeData = z.infer<typeof quizRetakeData>;

/** GET /quiz/{subjectId}/{n}: the question, or the stored result once submitted. */
export const quizQuestionOrResult = z.union([quizResult, quizQuestion]);
export type QuizQuestionOrResult = z.infer<typeof quizQuestionOrResult>;

export function isQuizResult(data: QuizQuestionOrResult): data is QuizResult {
  return 'result' in data && Array.isArray(data.result);
}

/** GET /certificates/{id} (public) */
export const certificateParams = z.object({ id: z.string().trim().min(1).max(200) });

export const certificateData = z.object({
  certificate_id: z.string(),
  /** The holder's name as issued (profile edits do not change it; an operator's reissue may). */
  name: z.string(),
  /** The course's name. */
  course: z.string(),
  issued_at: z.string(),
  /** False once the purchase behind it was refunded. */
  is_valid: z.boolean(),
  /** The public validation page (what the QR code points to). */
  verify_url: z.string(),
  /** The PDF, relative to the site. */
  pdf_url: z.string(),
});
export type CertificateData = z.infer<typeof certificateData>;
