import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { quizMessages, type QuizQuestion, type QuizResult } from '@app/contracts';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { learner, renderWithProviders, signIn } from '@/testing/test-utils';
import { QuizPage } from './quiz-page';

const question = (n: number): QuizQuestion => ({
  id: 100 + n,
  question: `Question text ${n}?`,
  option_1: `A${n}`,
  option_2: `B${n}`,
  option_3: `C${n}`,
  option_4: null,
  option_5: null,
  question_number: n,
  total_questions: 3,
});
const result: QuizResult = {
  total_mark: 2,
  mark_in_percentage: 66.67,
  total_questions: 3,
  submitted_at: '2025-01-01T00:00:00.000Z',
  result: [1, 2, 3].map((n) => ({
    question_id: 100 + n,
    question: `Question text ${n}?`,
    answer: `B${n}`,
    answer_option: 2,
    correct_answer: n < 3 ? `B${n}` : `A${n}`,
    correct_option: n < 3 ? 2 : 1,
    mark: n < 3 ? 1 : 0,
    explanation: null,
  })),
  attempt: 1,
  attempts_used: 1,
  max_attempts: 3,
  best_mark_in_percentage: 66.67,
  pass_mark_percent: 40,
  retake: { allowed: true, available_at: null, reason: null },
};

beforeEach(() => sessionStorage.clear());

// Patchy 4G: the submission reached the server and was graded, but its answer was lost. The page says 'Could not
// reach the server…' and keeps Submit; the learner taps it again and was told, in red, 'You have already submitted
// this quiz.' before the result appeared: an error for a quiz that went through (decision 061).
describe('a quiz submission sent again after its answer was lost', () => {
  it('shows the result of the submission that went through, without an error', async () => {
    let isSubmitted = false;
    const server = mockApi({
      'GET /me': ok(learner()),
      'GET /quiz/5/1': ok(question(1)),
      'GET /quiz/5/2': ok(question(2)),
      // Once graded, the server answers the result in place of a question.
      'GET /quiz/5/3': () => ok(isSubmitted ? result : question(3)),
      'POST /quiz/5': () => {
        if (!isSubmitted) {
          isSubmitted = true;
          throw new TypeError('Failed to fetch'); // graded and stored; the answer never arrives
        }
        return fail(400, quizMessages.alreadySubmitted);
      },
    });
    await signIn();
    const { user } = renderWithProviders(<QuizPage />, { path: '/quiz/:id', url: '/quiz/5?course=3' });
    for (const option of ['B1', 'B2', 'B3']) {
      await user.click(await screen.findByRole('radio', { name: option }, { timeout: 5000 }));
      await user.click(screen.getByRole('button', { name: /^(Next|Submit)$/ }));
    }
    expect(
      await screen.findByText('Could not reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Total Mark: 2 (66.67%)' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/quiz/5')).toHaveLength(2);
    expect(screen.queryByText(quizMessages.alreadySubmitted)).not.toBeInTheDocument();
  });
});
