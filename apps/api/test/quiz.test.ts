import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from './helpers.ts';
import { createAdmin } from './admin-fixtures.ts';
import { createLearner, type Learner } from './fixtures.ts';
import {
  buyCourse,
  correctOptions,
  countAttempts,
  createQuizCourse,
  getAttempt,
  quizPointsOf,
  type QuizCourse,
} from './quiz-fixtures.ts';

/** Fetches question 1..n of a quiz as the client does, one by one. */
async function openQuiz(client: TestClient, subjectId: number) {
  const first = await client.get(`/quiz/${subjectId}/1`);
  expect(first.statusCode).toBe(200);
  const all = [first.body.data];
  for (let n = 2; n <= first.body.data.total_questions; n++) {
    const res = await client.get(`/quiz/${subjectId}/${n}`);
    expect(res.statusCode).toBe(200);
    all.push(res.body.data);
  }
  return all;
}

/** Answers for the drawn questions: the first `right` correct, the rest a wrong but existing option. */
async function answers(t: TestApp, ids: number[], right: number): Promise<[number, number][]> {
  const bank = await correctOptions(t.app, ids);
  return ids.map((id, i) => {
    const { correct, optionCount } = bank.get(id)!;
    return [id, i < right ? correct : (correct % optionCount) + 1];
  });
}

describe('quiz', () => {
  let t: TestApp;
  let course: QuizCourse;
  let small: QuizCourse;
  let buyer: Learner;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    course = await createQuizCourse(t.app, { banks: [12, 12] });
    small = await createQuizCourse(t.app, { banks: [3] });
    buyer = await createLearner(t.app);
    await buyCourse(t.app, buyer.id, course.courseId);
    client = t.client.as(buyer.token);
  });
  afterAll(async () => {
    await t.close();
  });

  it('draws 10 questions once and answers them without the correct option', async () => {
    const subjectId = course.subjectIds[0]!;
    const questions = await openQuiz(client, subjectId);
    expect(questions).toHaveLength(10);
    expect(new Set(questions.map((q) => q.id)).size).toBe(10);
    for (const [i, q] of questions.entries()) {
      expect(Object.keys(q).sort()).toEqual([
        'id',
        'option_1',
        'option_2',
        'option_3',
        'option_4',
        'option_5',
        'question',
        'question_number',
        'total_questions',
      ]);
      expect(q.question_number).toBe(i + 1);
      expect(q.total_questions).toBe(10);
      expect(typeof q.option_1).toBe('string');
      expect(typeof q.option_2).toBe('string');
    }
    // Unused option slots are null (the bank has questions with 2, 3, 4 and 5 options).
    expect(questions.some((q) => q.option_5 === null)).toBe(true);

    // The draw is fixed: the same ids in the same order on every later call.
    const again = await openQuiz(client, subjectId);
    expect(again.map((q) => q.id)).toEqual(questions.map((q) => q.id));
    const attempt = await getAttempt(t.app, buyer.id, subjectId);
    expect(attempt!.questionIds).toEqual(questions.map((q) => q.id));
    expect(attempt!.submittedAt).toBeNull();
  });

  it('never sends the correct answer before submission', async () => {
    const subjectId = course.subjectIds[1]!;
    const first = await client.get(`/quiz/${subjectId}/1`);
    const ids: number[] = (await getAttempt(t.app, buyer.id, subjectId))!.questionIds;
    for (let n = 1; n <= 10; n++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/live-connect/api/quiz/${subjectId}/${n}`,
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/correct|result|mark/i);
      expect(res.json().data.id).toBe(ids[n - 1]);
    }
    expect(first.body.data.result).toBeUndefined();
  });

  it('uses the whole bank when it holds fewer than 10 questions', async () => {
    const learner = await createLearner(t.app);
    await buyCourse(t.app, learner.id, small.courseId);
    const c = t.client.as(learner.token);
    const questions = await openQuiz(c, small.subjectIds[0]!);
    expect(questions).toHaveLength(3);
    expect(questions[0].total_questions).toBe(3);
    const fourth = await c.get(`/quiz/${small.subjectIds[0]}/4`);
    expect(fourth.statusCode).toBe(404);
    expect(fourth.body).toEqual({ status: false, message: expect.any(String) });
  });

  it('keeps one draw when the first calls arrive together', async () => {
    const learner = await createLearner(t.app);
    await buyCourse(t.app, learner.id, course.courseId);
    const c = t.client.as(learner.token);
    const subjectId = course.subjectIds[0]!;
    const responses = await Promise.all([1, 2, 3, 4, 5, 1, 2, 3].map((n) => c.get(`/quiz/${subjectId}/${n}`)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await countAttempts(t.app, learner.id, subjectId)).toBe(1);
    const drawn = (await getAttempt(t.app, learner.id, subjectId))!.questionIds;
    for (const res of responses) expect(res.body.data.id).toBe(drawn[res.body.data.question_number - 1]);
  });

  it('answers 422 for a question number outside 1..10, 404 for an unknown subject or one without questions', async () => {
    const subjectId = course.subjectIds[0]!;
    for (const n of ['0', '11', '-1', 'abc', '1.5', '99999999999']) {
      const res = await client.get(`/quiz/${subjectId}/${n}`);
      expect(res.statusCode, n).toBe(422);
      expect(res.body.status).toBe(false);
      expect(res.body.errors).toBeTypeOf('object');
    }
    expect((await client.get('/quiz/abc/1')).statusCode).toBe(422);
    expect((await client.get('/quiz/99999999999/1')).statusCode).toBe(422);
    const unknown = await client.get('/quiz/987654/1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toEqual({ status: false, message: 'No such subject.' });
    const empty = await client.get(`/quiz/${course.subjectWithoutQuizId}/1`);
    expect(empty.statusCode).toBe(404);
    expect(empty.body.status).toBe(false);
  });

  it('is for buyers only: 403 on GET and POST for a learner who did not buy, 401 without a token, 417 unverified', async () => {
    const stranger = await createLearner(t.app);
    const c = t.client.as(stranger.token);
    const subjectId = course.subjectIds[0]!;
    const get = await c.get(`/quiz/${subjectId}/1`);
    expect(get.statusCode).toBe(403);
    expect(get.body.status).toBe(false);
    const post = await c.post(`/quiz/${subjectId}`, { data: [[1, 1]] });
    expect(post.statusCode).toBe(403);
    expect(await countAttempts(t.app, stranger.id, subjectId)).toBe(0);

    // A buyer of another course is still a stranger here.
    await buyCourse(t.app, stranger.id, small.courseId);
    expect((await c.get(`/quiz/${subjectId}/1`)).statusCode).toBe(403);

    expect((await t.client.get(`/quiz/${subjectId}/1`)).statusCode).toBe(401);
    const unverified = await createLearner(t.app, { verified: false });
    await buyCourse(t.app, unverified.id, course.courseId);
    expect((await t.client.as(unverified.token).get(`/quiz/${subjectId}/1`)).statusCode).toBe(417);
  });

  it('refuses malformed answers with 422 and changes nothing', async () => {
    const learner = await createLearner(t.app);
    await buyCourse(t.app, learner.id, course.courseId);
    const c = t.client.as(learner.token);
    const subjectId = course.subjectIds[1]!;
    const questions = await openQuiz(c, subjectId);
    const ids = questions.map((q) => q.id);
    const otherSubjectQuestion = (await getAttempt(t.app, buyer.id, course.subjectIds[0]!))!.questionIds[0]!;

    const bodies: [string, unknown][] = [
      ['no body fields', {}],
      ['data not a list', { data: 'x' }],
      ['data an object', { data: { 1: 2 } }],
      ['empty list', { data: [] }],
      ['pair too short', { data: [[ids[0]]] }],
      ['pair too long', { data: [[ids[0], 1, 2]] }],
      ['pair not a list', { data: [ids[0]] }],
      ['string id', { data: [[String(ids[0]), 1]] }],
      ['string option', { data: [[ids[0], '1']] }],
      ['option 0', { data: [[ids[0], 0]] }],
      ['option 6', { data: [[ids[0], 6]] }],
      ['option 1.5', { data: [[ids[0], 1.5]] }],
      ['negative id', { data: [[-3, 1]] }],
      ['too many answers', { data: [...ids, ...ids].map((id) => [id, 1]) }],
      ['extra field', { data: [[ids[0], 1]], score: 10 }],
      ['question outside the draw', { data: [[otherSubjectQuestion, 1]] }],
      ['unknown question', { data: [[987654, 1]] }],
      [
        'duplicate question',
        {
          data: [
            [ids[0], 1],
            [ids[0], 2],
          ],
        },
      ],
    ];
    for (const [label, body] of bodies) {
      const res = await c.post(`/quiz/${subjectId}`, body);
      expect(res.statusCode, label).toBe(422);
      expect(res.body.status, label).toBe(false);
      expect(res.body.message, label).toBeTypeOf('string');
      expect(Object.values(res.body.errors ?? {}).flat().length, label).toBeGreaterThan(0);
    }
    const badJson = await c.request('POST', `/quiz/${subjectId}`, '{"data": [[1,', {
      'content-type': 'application/json',
    });
    expect([400, 422]).toContain(badJson.statusCode);
    expect(badJson.body.status).toBe(false);

    expect((await getAttempt(t.app, learner.id, subjectId))!.submittedAt).toBeNull();
    expect(await quizPointsOf(t.app, learner.id)).toMatchObject({ points: 0, ledger: [] });
    // Still answerable afterwards.
    expect((await c.post(`/quiz/${subjectId}`, { data: await answers(t, ids, 10) })).statusCode).toBe(200);
  });

  it('grades an option the operator removed since the draw as wrong, instead of refusing the whole quiz', async () => {
    const admin = await createAdmin(t.app);
    const learner = await createLearner(t.app);
    await buyCourse(t.app, learner.id, course.courseId);
    const c = t.client.as(learner.token);
    const subjectId = course.subjectIds[1]!;
    const questions = await openQuiz(c, subjectId);
    const ids = questions.map((q) => q.id);
    const right = await answers(t, ids, 10);
    // The learner read question 1 with five options and picks the fifth; the operator then cuts it to two options,
    // the correct one first.
    const edited = questions[0]!;
    const saved = await t.client.as(admin.token).put(`/admin/questions/${edited.id}`, {
      question: edited.question,
      option_1: 'Kept',
      option_2: 'Also kept',
      correct_option: 1,
    });
    expect(saved.statusCode).toBe(200);
    const submitted = await c.post(`/quiz/${subjectId}`, {
      data: [[edited.id, 5], ...right.slice(1)],
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body.data.total_mark).toBe(9);
    const item = submitted.body.data.result.find((r: { question_id: number }) => r.question_id === edited.id);
    expect(item).toMatchObject({ answer_option: 5, answer: null, mark: 0, correct_option: 1, correct_answer: 'Kept' });
  });

  it('refuses answers before the quiz was ever opened', async () => {
    const learner = await createLearner(t.app);
    await buyCourse(t.app, learner.id, course.courseId);
    const res = await t.client.as(learner.token).post(`/quiz/${course.subjectIds[0]}`, { data: [[1, 1]] });
    expect(res.statusCode).toBe(422);
    expect(await countAttempts(t.app, learner.id, course.subjectIds[0]!)).toBe(0);
  });

  it('grades on the server, stores the result, credits Quiz Points once and refuses a second submission of the attempt', async () => {
    const learner = await createLearner(t.app);
    await buyCourse(t.app, learner.id, course.courseId);
    const c = t.client.as(learner.token);
    const subjectId = course.subjectIds[0]!;
    const questions = await openQuiz(c, subjectId);
    const ids = questions.map((q) => q.id);
    const given = await answers(t, ids, 7);

    const res = await c.post(`/quiz/${subjectId}`, { data: given });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(true);
    const data = res.body.data;
    expect(data.total_mark).toBe(7);
    expect(data.mark_in_percentage).toBe(70);
    expect(data.total_questions).toBe(10);
    expect(data.result).toHaveLength(10);
    expect(data.result.map((r: { question_id: number }) => r.question_id)).toEqual(ids);
    // Attempt 1 of 3; a retake waits for the cooldown (quiz-retake.test.ts has the rest).
    expect(data).toMatchObject({
      attempt: 1,
      attempts_used: 1,
      max_attempts: 3,
      best_mark_in_percentage: 70,
      // The operator's pass mark (40 by default), so the result can say what the certificate needs.
      pass_mark_percent: 40,
    });
    expect(data.retake).toMatchObject({
      allowed: false,
      available_at: expect.any(String),
      reason: expect.stringMatching(/^You can retake this quiz after /),
    });
    for (const [i, item] of data.result.entries()) {
      const q = questions[i];
      const [, chosen] = given[i]!;
      expect(item.question).toBe(q.question);
      expect(item.answer_option).toBe(chosen);
      expect(item.answer).toBe(q[`option_${chosen}`]);
      expect(item.correct_answer).toBe(q[`option_${item.correct_option}`]);
      expect(item.mark).toBe(i < 7 ? 1 : 0);
      expect(item.explanation).toBeNull();
      if (i >= 7) expect(item.answer).not.toBe(item.correct_answer);
    }

    // Quiz Points: one ledger row, held (Pending) for the purchase's refund window, so not yet in the wallet.
    const wallet = await quizPointsOf(t.app, learner.id);
    expect(wallet).toMatchObject({ points: 0, balancePaise: 0, earned: 7 });
    expect(wallet.ledger).toHaveLength(1);
    expect(wallet.ledger[0]).toMatchObject({ method: 'Quiz Points', points: 7, amountPaise: 0, status: 'Pending' });
    expect(wallet.ledger[0]!.transactionId).toMatch(/^[A-Z0-9]{8,}$/);

    // The stored result is what every question number answers now.
    for (const n of [1, 5, 10]) {
      const again = await c.get(`/quiz/${subjectId}/${n}`);
      expect(again.statusCode).toBe(200);
      expect(again.body.data).toEqual(data);
    }

    // A second submission of the same attempt answers 400 and changes nothing.
    const before = await getAttempt(t.app, learner.id, subjectId);
    const second = await c.post(`/quiz/${subjectId}`, { data: await answers(t, ids, 10) });
    expect(second.statusCode).toBe(400);
    expect(second.body).toEqual({ status: false, message: 'You have already submitted this quiz.' });
    expect(await getAttempt(t.app, learner.id, subjectId)).toEqual(before);
    const after = await quizPointsOf(t.app, learner.id);
    expect(after.earned).toBe(7);
    expect(after.ledger).toHaveLength(1);
  });

  it('scores missing and null answers 0 and gives the percent with two decimals', async () => {
    const learner = await createLearner(t.app);
    await buyCourse(t.app, learner.id, course.courseId);
    await buyCourse(t.app, learner.id, small.courseId);
    const c = t.client.as(learner.token);

    // 4 right answers, 1 null, 5 left out.
    const questions = await openQuiz(c, course.subjectIds[1]!);
    const ids = questions.map((q) => q.id);
    const given: [number, number | null][] = await answers(t, ids.slice(0, 4), 4);
    given.push([ids[4]!, null]);
    const res = await c.post(`/quiz/${course.subjectIds[1]}`, { data: given });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ total_mark: 4, mark_in_percentage: 40 });
    expect(res.body.data.result).toHaveLength(10);
    expect(
      res.body.data.result
        .slice(4)
        .every(
          (r: { answer: unknown; answer_option: unknown; mark: number }) =>
            r.answer === null && r.answer_option === null && r.mark === 0,
        ),
    ).toBe(true);

    // 2 of 3 → 66.67.
    const three = await openQuiz(c, small.subjectIds[0]!);
    const res3 = await c.post(`/quiz/${small.subjectIds[0]}`, {
      data: await answers(
        t,
        three.map((q) => q.id),
        2,
      ),
    });
    expect(res3.statusCode).toBe(200);
    expect(res3.body.data).toMatchObject({ total_mark: 2, mark_in_percentage: 66.67, total_questions: 3 });
    expect((await getAttempt(t.app, learner.id, small.subjectIds[0]!))!.markInPercentage).toMatch(/^66\.67$/);
    expect((await quizPointsOf(t.app, learner.id)).earned).toBe(6);
  });

  it('credits no points for a zero score but still records the attempt', async () => {
    const learner = await createLearner(t.app);
    await buyCourse(t.app, learner.id, course.courseId);
    const c = t.client.as(learner.token);
    const questions = await openQuiz(c, course.subjectIds[0]!);
    const res = await c.post(`/quiz/${course.subjectIds[0]}`, {
      data: await answers(
        t,
        questions.map((q) => q.id),
        0,
      ),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ total_mark: 0, mark_in_percentage: 0 });
    expect(await quizPointsOf(t.app, learner.id)).toMatchObject({ points: 0, ledger: [] });
    expect((await c.post(`/quiz/${course.subjectIds[0]}`, { data: [[questions[0].id, 1]] })).statusCode).toBe(400);
  });

  it('accepts one of two concurrent submissions', async () => {
    const learner = await createLearner(t.app);
    await buyCourse(t.app, learner.id, course.courseId);
    const c = t.client.as(learner.token);
    const subjectId = course.subjectIds[1]!;
    const ids = (await openQuiz(c, subjectId)).map((q) => q.id);
    const [a, b] = await Promise.all([
      c.post(`/quiz/${subjectId}`, { data: await answers(t, ids, 9) }),
      c.post(`/quiz/${subjectId}`, { data: await answers(t, ids, 3) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const winner = a.statusCode === 200 ? a : b;
    const wallet = await quizPointsOf(t.app, learner.id);
    expect(wallet.ledger).toHaveLength(1);
    expect(wallet.earned).toBe(winner.body.data.total_mark);
    expect((await getAttempt(t.app, learner.id, subjectId))!.totalMark).toBe(winner.body.data.total_mark);
  });

  it("keeps learners apart: one learner submitting does not touch another's quiz", async () => {
    const other = await createLearner(t.app);
    await buyCourse(t.app, other.id, course.courseId);
    const c = t.client.as(other.token);
    const res = await c.get(`/quiz/${course.subjectIds[0]}/1`);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.result).toBeUndefined();
    expect(res.body.data.question_number).toBe(1);
  });
});
