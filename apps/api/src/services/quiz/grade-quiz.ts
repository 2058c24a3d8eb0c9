import { markInPercentage, quizMessages, type QuizAnswer, type QuizResultItem } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';
import { questionOptions, type QuestionRow } from './question-options.ts';

export interface GradedQuiz {
  totalMark: number;
  markInPercentage: number;
  items: QuizResultItem[];
}

/**
 * Grades a learner's answers against their drawn questions: one mark per correct option, 0 for a
 * question left out or answered null. Refuses (422, every problem at once) an answer to a question
 * outside the draw or a question answered twice. An option the question does not have (any of 1..5: the
 * operator may have removed it since the learner read the question) is a wrong answer, not a refusal: a
 * learner whose page still shows the old options could otherwise never submit the quiz.
 * A drawn question deleted from the bank since the draw is left out of the grading. Each item keeps
 * the question's explanation as it read at submission, like its text and correct answer.
 */
export function gradeQuiz(options: {
  drawnIds: number[];
  questions: QuestionRow[];
  answers: QuizAnswer[];
}): GradedQuiz {
  const drawn = new Set(options.drawnIds);
  const byId = new Map(options.questions.map((q) => [q.id, q]));
  const chosen = new Map<number, number | null>();
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };

  options.answers.forEach(([questionId, option], index) => {
    if (!drawn.has(questionId)) return fail(`data.${index}.0`, quizMessages.questionNotInQuiz);
    if (chosen.has(questionId)) return fail(`data.${index}.0`, quizMessages.duplicateQuestion);
    chosen.set(questionId, option);
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('VALIDATION', first, { errors });

  const items: QuizResultItem[] = [];
  for (const id of options.drawnIds) {
    const question = byId.get(id);
    if (!question) continue;
    const texts = questionOptions(question);
    const answer = chosen.get(id) ?? null;
    items.push({
      question_id: id,
      question: question.question,
      answer: answer === null ? null : (texts[answer - 1] ?? null),
      answer_option: answer,
      correct_answer: texts[question.correctOption - 1] ?? '',
      correct_option: question.correctOption,
      mark: answer !== null && answer === question.correctOption && texts[answer - 1] != null ? 1 : 0,
      explanation: question.explanation?.trim() ? question.explanation : null,
    });
  }
  const totalMark = items.reduce((sum, item) => sum + item.mark, 0);
  return { totalMark, markInPercentage: markInPercentage(totalMark, items.length), items };
}
