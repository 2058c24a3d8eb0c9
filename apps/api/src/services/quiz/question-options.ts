import type { questions } from '@app/db';

export type QuestionRow = typeof questions.$inferSelect;

/** The five option slots of a question, 1-based by index + 1; an empty slot is null. */
export function questionOptions(question: QuestionRow): (string | null)[] {
  return [question.option1, question.option2, question.option3, question.option4, question.option5].map((text) =>
    text && text.trim() !== '' ? text : null,
  );
}
