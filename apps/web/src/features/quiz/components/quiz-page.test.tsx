import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { quizMessages, type QuizAnswer, type QuizQuestion, type QuizResult } from '@app/contracts';
import { logout } from '@/lib/auth/logout';
import { clearSession } from '@/lib/token-storage';
import { fail, mockApi, ok, type RecordedCall } from '@/testing/mock-api';
import { learner, renderWithProviders, signIn } from '@/testing/test-utils';
import { QuizPage } from './quiz-page';

const question = (n: number, overrides: Partial<QuizQuestion> = {}): QuizQuestion => ({
  id: 100 + n,
  question: `Question text ${n}?`,
  option_1: `A${n}`,
  option_2: `B${n}`,
  option_3: `C${n}`,
  option_4: null,
  option_5: null,
  question_number: n,
  total_questions: 3,
  ...overrides,
});
const notYet = 'You can retake this quiz after 2 Jan 2025, 5:30 am IST.';
const result: QuizResult = {
  total_mark: 2,
  mark_in_percentage: 66.67,
  total_questions: 3,
  submitted_at: '2025-01-01T00:00:00.000Z',
  result: [
    {
      question_id: 101,
      question: 'Question text 1?',
      answer: 'B1',
      answer_option: 2,
      correct_answer: 'B1',
      correct_option: 2,
      mark: 1,
      explanation: null,
    },
    {
      question_id: 102,
      question: 'Question text 2?',
      answer: 'A2',
      answer_option: 1,
      correct_answer: 'C2',
      correct_option: 3,
      mark: 0,
      explanation: 'C2 because of the second law.',
    },
    {
      question_id: 103,
      question: 'Question text 3?',
      answer: null,
      answer_option: null,
      correct_answer: 'A3',
      correct_option: 1,
      mark: 0,
      explanation: null,
    },
  ],
  attempt: 1,
  attempts_used: 1,
  max_attempts: 3,
  best_mark_in_percentage: 66.67,
  pass_mark_percent: 40,
  retake: { allowed: false, available_at: '2025-01-02T00:00:00.000Z', reason: notYet },
};
const retakeAllowed: QuizResult = { ...result, retake: { allowed: true, available_at: null, reason: null } };

/** Where the quiz in progress of the learner `learner()` (referral code ABCD2345) is kept, per subject. */
const savedQuiz = 'learner:ABCD2345:quiz:5';

function quizServer(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /me': ok(learner()),
    'GET /quiz/5/1': ok(question(1)),
    'GET /quiz/5/2': ok(question(2)),
    'GET /quiz/5/3': ok(question(3)),
    'POST /quiz/5': ok(result, 'Quiz submitted.'),
    ...extra,
  });
}

/** Opens the quiz as the app does on its start: a new query cache, the stored token signing the requests. */
async function openQuiz(token = 'test-token') {
  await signIn(token);
  const view = renderWithProviders(<QuizPage />, { path: '/quiz/:id', url: '/quiz/5?course=3' });
  await screen.findByRole('radio', { name: /^A\d$/ }, { timeout: 5000 });
  return view;
}

beforeEach(() => sessionStorage.clear());

describe('QuizPage', () => {
  it("shows 'Question Number N' and only the options the question has", async () => {
    quizServer();
    await openQuiz();
    expect(screen.getByRole('heading', { level: 1, name: 'Question Number 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('radio', { name: 'C1' })).toBeInTheDocument();
  });

  it("says 'please choose answer' when Next is pressed with nothing chosen", async () => {
    const server = quizServer();
    const { user } = await openQuiz();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('please choose answer')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Question Number 1' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/quiz/5')).toHaveLength(0);
  });

  it('reads Submit on the last question, posts every answer, and shows the result', async () => {
    const server = quizServer();
    const { user } = await openQuiz();
    await user.click(screen.getByRole('radio', { name: 'B1' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Question Number 2' });
    await user.click(await screen.findByRole('radio', { name: 'A2' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Question Number 3' });
    expect(await screen.findByText('Question text 3?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'C3' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Total Mark: 2 (66.67%)' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/quiz/5')[0]?.body).toEqual({
      data: [
        [101, 2],
        [102, 1],
        [103, 3],
      ],
    });
    expect(localStorage.getItem(savedQuiz)).toBeNull();
  });

  it('shows the stored result when the first question fetched already carries it', async () => {
    quizServer({ 'GET /quiz/5/1': ok(result) });
    await signIn();
    renderWithProviders(<QuizPage />, { path: '/quiz/:id', url: '/quiz/5?course=3' });
    expect(
      await screen.findByRole('heading', { name: 'Total Mark: 2 (66.67%)' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('A2')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('C2')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('0')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Not answered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Course' })).toHaveAttribute('href', '/learn-more/3');
  });

  it("leads 'Back to Course' to My Courses when the course is not known", async () => {
    quizServer({ 'GET /quiz/5/1': ok(result) });
    await signIn();
    renderWithProviders(<QuizPage />, { path: '/quiz/:id', url: '/quiz/5' });
    expect(await screen.findByRole('link', { name: 'Back to Course' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/learn',
    );
  });

  it('keeps the answers given so far and the current question across a reload', { timeout: 15_000 }, async () => {
    const server = quizServer();
    const first = await openQuiz();
    await first.user.click(screen.getByRole('radio', { name: 'C1' }));
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Question text 2?');
    first.unmount();

    const second = await openQuiz();
    expect(await screen.findByRole('heading', { level: 1, name: 'Question Number 2' })).toBeInTheDocument();
    await second.user.click(await screen.findByRole('radio', { name: 'B2' }));
    await second.user.click(screen.getByRole('button', { name: 'Next' }));
    await second.user.click(await screen.findByRole('radio', { name: 'A3' }));
    await second.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.callsTo('POST', '/quiz/5')).toHaveLength(1));
    expect(server.callsTo('POST', '/quiz/5')[0]?.body).toEqual({
      data: [
        [101, 3],
        [102, 2],
        [103, 1],
      ],
    });
  });

  it('keeps the quiz in progress when the app is closed and opened again', { timeout: 15_000 }, async () => {
    const server = quizServer();
    const first = await openQuiz();
    await first.user.click(screen.getByRole('radio', { name: 'C1' }));
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Question text 2?');
    first.unmount();
    // Swiped away and opened from the home-screen icon: a new session, whose sessionStorage is empty.
    sessionStorage.clear();

    const second = await openQuiz();
    expect(await screen.findByRole('heading', { level: 1, name: 'Question Number 2' })).toBeInTheDocument();
    await second.user.click(await screen.findByRole('radio', { name: 'B2' }));
    await second.user.click(screen.getByRole('button', { name: 'Next' }));
    await second.user.click(await screen.findByRole('radio', { name: 'A3' }));
    await second.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.callsTo('POST', '/quiz/5')).toHaveLength(1));
    expect(server.callsTo('POST', '/quiz/5')[0]?.body).toEqual({
      data: [
        [101, 3],
        [102, 2],
        [103, 1],
      ],
    });
  });

  describe('on a phone shared by two learners', () => {
    const ravi = learner({ first_name: 'Ravi', email: 'ravi@example.com', referral_code: 'RVXY2345' });
    const isRavi = (call: RecordedCall) => call.headers.get('Authorization') === 'Bearer ravi-token';
    const drawOf = (call: RecordedCall) => (isRavi(call) ? [301, 302, 303] : [101, 102, 103]);
    const refusal = () => fail(422, quizMessages.questionNotInQuiz, { 'data.0.0': [quizMessages.questionNotInQuiz] });

    /** Each learner has their own draw of subject 5 (Ravi's questions 301 to 303); an answer outside it is refused. */
    function sharedPhoneServer() {
      const questions = Object.fromEntries(
        [1, 2, 3].map((n) => [
          `GET /quiz/5/${n}`,
          (call: RecordedCall) =>
            ok(isRavi(call) ? question(n, { id: 300 + n, question: `Ravi's question ${n}?` }) : question(n)),
        ]),
      );
      return mockApi({
        'GET /me': (call) => ok(isRavi(call) ? ravi : learner()),
        'POST /logout': ok(null, 'Logged out.'),
        ...questions,
        'POST /quiz/5': (call) => {
          const ids = (call.body as { data: QuizAnswer[] }).data.map(([id]) => id);
          return ids.every((id) => drawOf(call).includes(id)) ? ok(result, 'Quiz submitted.') : refusal();
        },
      });
    }

    /** Asha answers questions 1 and 2 and is on question 3 when she leaves. */
    async function ashaLeavesAtQuestion3() {
      const { user, unmount } = await openQuiz();
      await user.click(screen.getByRole('radio', { name: 'B1' }));
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await user.click(await screen.findByRole('radio', { name: 'A2' }));
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByText('Question text 3?');
      unmount();
    }

    it(
      "starts the next learner's quiz at question 1 after a logout, and their answers submit",
      { timeout: 20_000 },
      async () => {
        const server = sharedPhoneServer();
        await ashaLeavesAtQuestion3();
        await logout();
        // Nothing of Asha's quiz stays on the phone.
        expect(localStorage.getItem(savedQuiz)).toBeNull();

        const { user } = await openQuiz('ravi-token');
        expect(screen.getByRole('heading', { level: 1, name: 'Question Number 1' })).toBeInTheDocument();
        expect(screen.getByText("Ravi's question 1?")).toBeInTheDocument();
        expect(screen.getByRole('radio', { name: 'B1' })).not.toBeChecked();
        await user.click(screen.getByRole('radio', { name: 'C1' }));
        await user.click(screen.getByRole('button', { name: 'Next' }));
        await user.click(await screen.findByRole('radio', { name: 'C2' }));
        await user.click(screen.getByRole('button', { name: 'Next' }));
        await user.click(await screen.findByRole('radio', { name: 'C3' }));
        await user.click(screen.getByRole('button', { name: 'Submit' }));
        expect(await screen.findByRole('heading', { name: 'Total Mark: 2 (66.67%)' })).toBeInTheDocument();
        expect(server.callsTo('POST', '/quiz/5').at(-1)?.body).toEqual({
          data: [
            [301, 3],
            [302, 3],
            [303, 3],
          ],
        });
      },
    );

    it(
      'keeps a quiz for its learner across a sign-out by the server, and drops it when another learner signs in',
      { timeout: 20_000 },
      async () => {
        sharedPhoneServer();
        await ashaLeavesAtQuestion3();
        // Her session expires (a 401 signs her out without the logout button): signing back in, she goes on.
        clearSession();
        const again = await openQuiz();
        expect(screen.getByRole('heading', { level: 1, name: 'Question Number 3' })).toBeInTheDocument();
        again.unmount();
        clearSession();

        // Ravi signs in next: he starts afresh, and what Asha left on the phone is gone.
        const ravis = await openQuiz('ravi-token');
        expect(screen.getByRole('heading', { level: 1, name: 'Question Number 1' })).toBeInTheDocument();
        expect(screen.getByText("Ravi's question 1?")).toBeInTheDocument();
        ravis.unmount();
        clearSession();
        await openQuiz();
        expect(screen.getByRole('heading', { level: 1, name: 'Question Number 1' })).toBeInTheDocument();
      },
    );

    it(
      'offers Start again when the server refuses the saved answers as another quiz’s, and starts afresh',
      { timeout: 20_000 },
      async () => {
        // The answers were given to attempt 1's questions, but a retake on another device drew new ones meanwhile.
        let isRedrawn = false;
        const server = quizServer({
          ...Object.fromEntries(
            [1, 2, 3].map((n) => [
              `GET /quiz/5/${n}`,
              () => ok(isRedrawn ? question(n, { id: 200 + n, question: `Fresh question ${n}?` }) : question(n)),
            ]),
          ),
          'POST /quiz/5': (call) => {
            const ids = (call.body as { data: QuizAnswer[] }).data.map(([id]) => id);
            isRedrawn = true;
            return ids.every((id) => id > 200) ? ok(result, 'Quiz submitted.') : refusal();
          },
        });
        const { user } = await openQuiz();
        for (const option of ['A1', 'A2', 'A3']) {
          await user.click(await screen.findByRole('radio', { name: option }));
          await user.click(screen.getByRole('button', { name: /^(Next|Submit)$/ }));
        }
        expect(
          await screen.findByText(
            'These answers were saved for a different quiz, so they could not be submitted. Start again from the first question.',
          ),
        ).toBeInTheDocument();
        expect(localStorage.getItem(savedQuiz)).toBeNull();

        await user.click(screen.getByRole('button', { name: 'Start again' }));
        expect(await screen.findByText('Fresh question 1?')).toBeInTheDocument();
        expect(screen.getByRole('heading', { level: 1, name: 'Question Number 1' })).toBeInTheDocument();
        expect(screen.getByRole('radio', { name: 'A1' })).not.toBeChecked();
        for (const option of ['B1', 'B2', 'B3']) {
          await user.click(await screen.findByRole('radio', { name: option }));
          await user.click(screen.getByRole('button', { name: /^(Next|Submit)$/ }));
        }
        expect(await screen.findByRole('heading', { name: 'Total Mark: 2 (66.67%)' })).toBeInTheDocument();
        expect(server.callsTo('POST', '/quiz/5').at(-1)?.body).toEqual({
          data: [
            [201, 2],
            [202, 2],
            [203, 2],
          ],
        });
      },
    );
  });

  describe('result', () => {
    async function openResult(stored: QuizResult, extra: Parameters<typeof mockApi>[0] = {}) {
      const server = quizServer({ 'GET /quiz/5/1': ok(stored), ...extra });
      await signIn();
      const view = renderWithProviders(<QuizPage />, { path: '/quiz/:id', url: '/quiz/5?course=3' });
      await screen.findByRole('heading', { name: 'Total Mark: 2 (66.67%)' }, { timeout: 5000 });
      return { server, ...view };
    }

    it('shows each explanation under its question, and the attempt with the best mark', async () => {
      await openResult(result);
      const rows = screen.getAllByRole('row').slice(1);
      expect(within(rows[1]!).getByText('C2 because of the second law.')).toBeInTheDocument();
      expect(rows[0]!.querySelector('.quiz-explanation')).toBeNull();
      expect(screen.getByText('Attempt 1 of 3 · Best 66.67%')).toBeInTheDocument();
    });

    it("says what a pass needs, by the operator's pass mark, while the best attempt is under it", async () => {
      // A learner at 0% was told the mark and nothing of what the certificate asks for.
      await openResult({ ...result, pass_mark_percent: 70 });
      expect(
        screen.getByText(
          "You need 70% or more to pass this quiz. Pass every chapter's quiz to get the course certificate.",
        ),
      ).toBeInTheDocument();
      expect(screen.queryByText(/You passed/)).not.toBeInTheDocument();
    });

    it('says the quiz is passed once the best attempt reaches the pass mark', async () => {
      await openResult(result);
      expect(screen.getByTestId('quiz-pass-mark')).toHaveTextContent(
        'You passed this quiz (40% or more was needed): it counts towards the course certificate.',
      );
    });

    it('says when a retake is possible instead of offering it', async () => {
      const { server } = await openResult(result);
      expect(screen.getByText(notYet)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Retake' })).not.toBeInTheDocument();
      expect(server.callsTo('POST', '/quiz/5/retake')).toHaveLength(0);
    });

    it('says when every attempt is used', async () => {
      const used = 'You have used all 3 attempts at this quiz.';
      await openResult({
        ...result,
        attempt: 3,
        attempts_used: 3,
        best_mark_in_percentage: 90,
        retake: { allowed: false, available_at: null, reason: used },
      });
      expect(screen.getByText(used)).toBeInTheDocument();
      expect(screen.getByText('Attempt 3 of 3 · Best 90%')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Retake' })).not.toBeInTheDocument();
    });

    it('retakes when allowed: posts the retake and starts the new attempt at question 1 with nothing saved', async () => {
      let retaken = false;
      const { server, user } = await openResult(retakeAllowed, {
        'GET /quiz/5/1': () => ok(retaken ? question(1, { id: 201, question: 'Fresh question 1?' }) : retakeAllowed),
        'POST /quiz/5/retake': () => {
          retaken = true;
          return ok({ attempt: 2, total_questions: 3, attempts_used: 2, max_attempts: 3 }, 'New attempt started.');
        },
      });
      expect(screen.queryByText(notYet)).not.toBeInTheDocument();
      // Answers saved by another tab for the previous attempt are dropped too.
      localStorage.setItem(savedQuiz, JSON.stringify({ current: 3, answers: { 1: [101, 2] } }));
      await user.click(screen.getByRole('button', { name: 'Retake' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Question Number 1' })).toBeInTheDocument();
      expect(await screen.findByText('Fresh question 1?')).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'A1' })).not.toBeChecked();
      expect(server.callsTo('POST', '/quiz/5/retake')).toHaveLength(1);
      expect(localStorage.getItem(savedQuiz)).toBeNull();
    });

    it("shows the server's reason when a retake is refused after all", async () => {
      let refused = false;
      const { user } = await openResult(retakeAllowed, {
        'GET /quiz/5/1': () => ok(refused ? result : retakeAllowed),
        'POST /quiz/5/retake': () => {
          refused = true;
          return fail(400, notYet);
        },
      });
      await user.click(screen.getByRole('button', { name: 'Retake' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(notYet);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Retake' })).not.toBeInTheDocument());
      expect(screen.getByRole('heading', { name: 'Total Mark: 2 (66.67%)' })).toBeInTheDocument();
    });
  });
});
