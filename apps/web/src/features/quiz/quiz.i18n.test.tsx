import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fillTemplate, formatIndiaDateTime, type Language, type QuizQuestion, type QuizResult } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { learner, renderWithProviders, signIn } from '@/testing/test-utils';
import { QuizPage } from './components/quiz-page';

const question: QuizQuestion = {
  id: 101,
  question: 'भारत की राजधानी क्या है?',
  option_1: 'मुंबई',
  option_2: 'नई दिल्ली',
  option_3: 'कोलकाता',
  option_4: null,
  option_5: null,
  question_number: 1,
  total_questions: 10,
};
/** The server sends the reason already in the learner's language. */
const reason = 'ഈ ക്വിസ് വീണ്ടും എഴുതാനുള്ള ശ്രമങ്ങൾ തീർന്നു.';
const result: QuizResult = {
  total_mark: 3,
  mark_in_percentage: 30,
  total_questions: 10,
  submitted_at: '2025-01-01T00:00:00.000Z',
  result: [
    {
      question_id: 101,
      question: 'Q1?',
      answer: 'A',
      answer_option: 1,
      correct_answer: 'A',
      correct_option: 1,
      mark: 1,
      explanation: 'Because.',
    },
    {
      question_id: 102,
      question: 'Q2?',
      answer: null,
      answer_option: null,
      correct_answer: 'B',
      correct_option: 2,
      mark: 0,
      explanation: null,
    },
  ],
  attempt: 1,
  attempts_used: 1,
  max_attempts: 3,
  best_mark_in_percentage: 30,
  pass_mark_percent: 40,
  retake: { allowed: false, available_at: null, reason },
};

/** GET /me of a learner whose profile is in this language (the app would switch to it otherwise). */
const meIn = (language: Language) => ({ 'GET /me': ok(learner({ language })) });

beforeEach(() => sessionStorage.clear());

describe('QuizPage in Hindi and Malayalam', () => {
  it('asks a question in Hindi, and says in Hindi that an answer is needed', async () => {
    await applyLanguage('hi');
    const t = hi.quiz;
    mockApi({
      ...meIn('hi'),
      'GET /quiz/5/1': ok(question),
      'GET /quiz/5/2': ok({ ...question, id: 102, question_number: 2 }),
    });
    await signIn();
    const { user } = renderWithProviders(<QuizPage />, { path: '/quiz/:id', url: '/quiz/5?course=3' });
    expect(await screen.findByRole('radio', { name: 'नई दिल्ली' }, { timeout: 5000 })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: fillTemplate(t.questionNumber, { number: '1' }) }),
    ).toBeInTheDocument();
    expect(screen.getByText(fillTemplate(t.questionOf, { number: '1', count: '10' }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.next }));
    expect(await screen.findByText(hi.messages.common.quizAnswerRequired)).toBeInTheDocument();
  }, 15_000);

  it('shows the result in Malayalam with the marks, the attempt line and the server’s reason as sent', async () => {
    await applyLanguage('ml');
    const t = ml.quiz;
    mockApi({ ...meIn('ml'), 'GET /quiz/5/1': ok(result) });
    await signIn();
    renderWithProviders(<QuizPage />, { path: '/quiz/:id', url: '/quiz/5?course=3' });
    expect(
      await screen.findByRole(
        'heading',
        { name: fillTemplate(t.result.totalMark, { mark: '3', percent: '30' }) },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: t.resultTitle })).toBeInTheDocument();
    expect(screen.getByText(fillTemplate(t.result.correctCount, { mark: '3', count: '10' }))).toBeInTheDocument();
    expect(
      screen.getByText(fillTemplate(t.result.attempt, { attempt: '1', max: '3', best: '30' })),
    ).toBeInTheDocument();
    expect(screen.getByText(fillTemplate(t.result.passMarkNeeded, { passMark: '40' }))).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: t.result.yourAnswer })).toBeInTheDocument();
    expect(screen.getByText(t.result.notAnswered)).toBeInTheDocument();
    expect(screen.getByText(t.result.explanation.trim())).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.backToCourse })).toHaveAttribute('href', '/learn-more/3');
    expect(screen.queryByRole('button', { name: t.result.retake })).not.toBeInTheDocument();
  });

  it('says in Hindi, with a Hindi date, when a retake becomes possible', async () => {
    await applyLanguage('hi');
    const availableAt = '2026-11-26T15:38:00.000Z';
    const english = 'You can retake this quiz after 26 Nov 2026, 9:08 pm IST.';
    mockApi({
      ...meIn('hi'),
      'GET /quiz/5/1': ok({ ...result, retake: { allowed: false, available_at: availableAt, reason: english } }),
    });
    await signIn();
    renderWithProviders(<QuizPage />, { path: '/quiz/:id', url: '/quiz/5?course=3' });
    const date = formatIndiaDateTime(availableAt, 'hi');
    expect(
      await screen.findByText(fillTemplate(hi.messages.quiz.retakeCooldown, { date }), {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(english)).not.toBeInTheDocument();
    expect(screen.getByText(fillTemplate(hi.quiz.result.passMarkNeeded, { passMark: '40' }))).toBeInTheDocument();
    expect(screen.getAllByRole('cell').find((cell) => cell.getAttribute('data-question'))).toHaveAttribute(
      'data-question',
      hi.quiz.result.question,
    );
  });

  it('says in Malayalam that the saved answers were for another quiz when the server refuses them in Malayalam', async () => {
    await applyLanguage('ml');
    const t = ml.quiz;
    const refused = ml.messages.quiz.questionNotInQuiz;
    mockApi({
      ...meIn('ml'),
      'GET /quiz/5/1': ok({ ...question, total_questions: 1 }),
      'POST /quiz/5': fail(422, refused, { 'data.0.0': [refused] }),
    });
    await signIn();
    const { user } = renderWithProviders(<QuizPage />, { path: '/quiz/:id', url: '/quiz/5?course=3' });
    await user.click(await screen.findByRole('radio', { name: 'मुंबई' }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(t.answersOfAnotherQuiz)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.startAgain })).toBeInTheDocument();
  }, 15_000);
});
