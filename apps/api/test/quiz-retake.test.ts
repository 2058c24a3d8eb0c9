import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatIndiaDateTime, quizMessages } from '@app/contracts';
import { questions, quizAttempts, settings } from '@app/db';
import { createTestApp, type TestApp, type TestClient } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createAdmin } from './admin-fixtures.ts';
import {
  buyCourse,
  correctOptions,
  countAttempts,
  createQuizCourse,
  getCertificate,
  quizPointsOf,
  type QuizCourse,
} from './quiz-fixtures.ts';

const HOUR = 3_600_000;

describe('quiz retakes', () => {
  let t: TestApp;
  /** Banks: 25 (room for two disjoint draws), 12 (overlap of 8), 3 (fewer than a quiz), 30 (three disjoint draws). */
  let course: QuizCourse;
  /** One subject: passing its quiz completes the course. */
  let single: QuizCourse;
  /** One subject with a bank of 30 (enough for 3 attempts without a repeat). */
  let thirtyOnly: QuizCourse;

  beforeAll(async () => {
    t = await createTestApp();
    course = await createQuizCourse(t.app, { banks: [25, 12, 3, 30] });
    single = await createQuizCourse(t.app, { banks: [12] });
    thirtyOnly = await createQuizCourse(t.app, { banks: [30] });
  });
  // The settings tests change the rates; every test starts from the defaults.
  afterEach(async () => {
    await t.app.ctx.db
      .delete(settings)
      .where(inArray(settings.key, ['quiz_retake_cooldown_hours', 'quiz_max_attempts']));
  });
  afterAll(async () => {
    await t.close();
  });

  async function buyer(of: QuizCourse = course): Promise<{ learner: Learner; c: TestClient }> {
    const learner = await createLearner(t.app);
    await buyCourse(t.app, learner.id, of.courseId);
    return { learner, c: t.client.as(learner.token) };
  }

  /** The current attempt's question ids, fetched one by one as the client does. */
  async function openQuiz(c: TestClient, subjectId: number): Promise<number[]> {
    const first = await c.get(`/quiz/${subjectId}/1`);
    expect(first.statusCode).toBe(200);
    expect(first.body.data.result).toBeUndefined();
    const ids = [first.body.data.id as number];
    for (let n = 2; n <= first.body.data.total_questions; n++)
      ids.push((await c.get(`/quiz/${subjectId}/${n}`)).body.data.id);
    return ids;
  }

  /** Opens the current attempt and submits it with `right` correct answers, the rest wrong. */
  async function takeQuiz(c: TestClient, subjectId: number, right: number) {
    const ids = await openQuiz(c, subjectId);
    const bank = await correctOptions(t.app, ids);
    const data = ids.map((id, i) => {
      const { correct, optionCount } = bank.get(id)!;
      return [id, i < right ? correct : (correct % optionCount) + 1];
    });
    const res = await c.post(`/quiz/${subjectId}`, { data });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return { ids, result: res.body.data };
  }

  const retake = (c: TestClient, subjectId: number) => c.post(`/quiz/${subjectId}/retake`);

  async function attemptsOf(userId: number, subjectId: number) {
    return t.app.ctx.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.subjectId, subjectId)))
      .orderBy(asc(quizAttempts.attemptNumber));
  }

  it('refuses a retake before the quiz was taken, and before the current attempt is submitted', async () => {
    const { learner, c } = await buyer();
    const subjectId = course.subjectIds[0]!;
    expect((await retake(c, subjectId)).body).toEqual({ status: false, message: quizMessages.retakeNotStarted });
    await openQuiz(c, subjectId);
    const res = await retake(c, subjectId);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: false, message: 'Submit this attempt before starting another.' });
    expect(await countAttempts(t.app, learner.id, subjectId)).toBe(1);
  });

  it('is for buyers only, like the quiz itself', async () => {
    const stranger = await createLearner(t.app);
    expect((await t.client.as(stranger.token).post(`/quiz/${course.subjectIds[0]}/retake`)).statusCode).toBe(403);
    expect((await t.client.as(stranger.token).get(`/quiz/${course.subjectIds[0]}/attempts`)).statusCode).toBe(403);
    expect((await t.client.post(`/quiz/${course.subjectIds[0]}/retake`)).statusCode).toBe(401);
    expect((await t.client.as(stranger.token).post('/quiz/987654/retake')).statusCode).toBe(404);
  });

  it('waits out the cooldown, saying when in India time, then draws a fresh 10 the next GET serves', async () => {
    const { learner, c } = await buyer();
    const subjectId = course.subjectIds[0]!;
    const first = await takeQuiz(c, subjectId, 3);
    const availableAt = new Date(new Date(first.result.submitted_at).getTime() + 24 * HOUR);
    const waitMessage = `You can retake this quiz after ${formatIndiaDateTime(availableAt)}.`;
    expect(waitMessage).toMatch(/after \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm) IST\.$/);
    expect(first.result).toMatchObject({
      attempt: 1,
      attempts_used: 1,
      max_attempts: 3,
      best_mark_in_percentage: 30,
      retake: { allowed: false, available_at: availableAt.toISOString(), reason: waitMessage },
    });

    expect((await retake(c, subjectId)).body).toEqual({ status: false, message: waitMessage });
    t.clock.advance(24 * HOUR - 60_000);
    expect((await retake(c, subjectId)).body).toEqual({ status: false, message: waitMessage });
    // The stored result says the same until then.
    expect((await c.get(`/quiz/${subjectId}/1`)).body.data.retake).toEqual(first.result.retake);

    t.clock.advance(60_000);
    expect((await c.get(`/quiz/${subjectId}/1`)).body.data.retake).toEqual({
      allowed: true,
      available_at: null,
      reason: null,
    });
    const res = await retake(c, subjectId);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: 'New attempt started.',
      data: { attempt: 2, total_questions: 10, attempts_used: 2, max_attempts: 3 },
    });

    // GET /quiz/{id}/{n} now serves attempt 2: 10 questions, none from attempt 1 (the bank has 25).
    const second = await openQuiz(c, subjectId);
    expect(second).toHaveLength(10);
    expect(new Set(second).size).toBe(10);
    expect(second.filter((id) => first.ids.includes(id))).toEqual([]);
    const rows = await attemptsOf(learner.id, subjectId);
    expect(rows.map((r) => [r.attemptNumber, r.questionIds])).toEqual([
      [1, first.ids],
      [2, second],
    ]);

    // Its submission is stored on attempt 2; attempt 1 keeps its result.
    const { result } = await takeQuiz(c, subjectId, 6);
    expect(result).toMatchObject({ attempt: 2, total_mark: 6, attempts_used: 2, best_mark_in_percentage: 60 });
    const after = await attemptsOf(learner.id, subjectId);
    expect(after[0]).toEqual(rows[0]);
    expect([after[1]!.totalMark, Number(after[1]!.markInPercentage)]).toEqual([6, 60]);
    // A second submission of the same attempt is still refused.
    expect((await c.post(`/quiz/${subjectId}`, { data: [[second[0], 1]] })).body.message).toBe(
      quizMessages.alreadySubmitted,
    );
  });

  it('repeats questions only as far as a small bank needs, those asked longest ago first', async () => {
    const { learner, c } = await buyer();
    const twelve = course.subjectIds[1]!;
    const three = course.subjectIds[2]!;
    const first = await takeQuiz(c, twelve, 5);
    const tiny = await takeQuiz(c, three, 1);
    t.clock.advance(24 * HOUR);
    expect((await retake(c, twelve)).statusCode).toBe(200);
    expect((await retake(c, three)).statusCode).toBe(200);

    const bank = (
      await t.app.ctx.db.select({ id: questions.id }).from(questions).where(eq(questions.subjectId, twelve))
    ).map((q) => q.id);
    const unseen = bank.filter((id) => !first.ids.includes(id));
    expect(unseen).toHaveLength(2);
    const second = await takeQuiz(c, twelve, 5);
    expect(second.ids).toHaveLength(10);
    // Both unseen questions, filled up with 8 of the previous 10.
    expect(second.ids.filter((id) => unseen.includes(id)).sort()).toEqual([...unseen].sort());
    expect(second.ids.filter((id) => first.ids.includes(id))).toHaveLength(8);

    // Attempt 3: none is unseen now. First the 2 questions last asked in attempt 1 (attempt 2 left them out),
    // then 8 of attempt 2's. Before decision 062 it avoided only attempt 2, so attempt 1's 8 others came back.
    t.clock.advance(24 * HOUR);
    expect((await retake(c, twelve)).statusCode).toBe(200);
    const onlyInFirst = first.ids.filter((id) => !second.ids.includes(id));
    expect(onlyInFirst).toHaveLength(2);
    const third = await openQuiz(c, twelve);
    expect(third).toHaveLength(10);
    expect(new Set(third).size).toBe(10);
    expect(third.filter((id) => onlyInFirst.includes(id)).sort()).toEqual([...onlyInFirst].sort());
    expect(third.filter((id) => second.ids.includes(id))).toHaveLength(8);

    expect((await openQuiz(c, three)).sort()).toEqual([...tiny.ids].sort());
    expect(await countAttempts(t.app, learner.id, three)).toBe(2);
  });

  it('never repeats a question across 3 attempts when the bank holds 30', async () => {
    const { c } = await buyer();
    const thirty = course.subjectIds[3]!;
    const asked: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (attempt > 1) {
        t.clock.advance(24 * HOUR);
        expect((await retake(c, thirty)).statusCode).toBe(200);
      }
      asked.push(...(await takeQuiz(c, thirty, 0)).ids);
    }
    expect(asked).toHaveLength(30);
    expect(new Set(asked).size).toBe(30);
  });

  it('ATTACK: copying the answers a failed result showed does not pass the retake (bank of 30)', async () => {
    // Review rev-retry: with the retake avoiding only the previous attempt, a learner who scored 0 passed attempt 2
    // (and later attempt 3, which brought attempt 1 back) with the correct answers the results had listed.
    const { learner, c } = await buyer(thirtyOnly);
    const subjectId = thirtyOnly.subjectIds[0]!;
    const shown = new Map<number, number>();
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (attempt > 1) {
        t.clock.advance(24 * HOUR);
        expect((await retake(c, subjectId)).statusCode).toBe(200);
      }
      const ids = await openQuiz(c, subjectId);
      const res = await c.post(`/quiz/${subjectId}`, { data: ids.map((id) => [id, shown.get(id) ?? null]) });
      expect(res.statusCode).toBe(200);
      expect(res.body.data.mark_in_percentage).toBe(0);
      for (const r of res.body.data.result as { question_id: number; correct_option: number }[])
        shown.set(r.question_id, r.correct_option);
    }
    expect(await getCertificate(t.app, learner.id, thirtyOnly.courseId)).toBeUndefined();
  });

  it('allows 3 attempts, then says all are used; lists them with their marks', async () => {
    const { c } = await buyer();
    const subjectId = course.subjectIds[0]!;
    const never = await c.get(`/quiz/${subjectId}/attempts`);
    expect(never.body.data).toEqual({
      attempts: [],
      attempts_used: 0,
      max_attempts: 3,
      best_mark_in_percentage: null,
      pass_mark_percent: 40,
      retake: { allowed: false, available_at: null, reason: quizMessages.retakeNotStarted },
    });

    const marks = [4, 9, 7];
    const submitted: string[] = [];
    for (const [i, right] of marks.entries()) {
      if (i > 0) {
        t.clock.advance(24 * HOUR);
        expect((await retake(c, subjectId)).statusCode).toBe(200);
      }
      submitted.push((await takeQuiz(c, subjectId, right)).result.submitted_at);
    }
    t.clock.advance(24 * HOUR);
    const refused = await retake(c, subjectId);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toEqual({ status: false, message: 'You have used all 3 attempts at this quiz.' });

    const list = await c.get(`/quiz/${subjectId}/attempts`);
    expect(list.statusCode).toBe(200);
    expect(list.body.data).toEqual({
      attempts: marks.map((right, i) => ({
        attempt: i + 1,
        submitted_at: submitted[i],
        total_mark: right,
        mark_in_percentage: right * 10,
        total_questions: 10,
      })),
      attempts_used: 3,
      max_attempts: 3,
      best_mark_in_percentage: 90,
      pass_mark_percent: 40,
      retake: { allowed: false, available_at: null, reason: 'You have used all 3 attempts at this quiz.' },
    });
    const stored = (await c.get(`/quiz/${subjectId}/5`)).body.data;
    expect(stored).toMatchObject({
      attempt: 3,
      total_mark: 7,
      attempts_used: 3,
      best_mark_in_percentage: 90,
      retake: { allowed: false },
    });
  });

  it('lists an attempt in progress without marks', async () => {
    const { c } = await buyer();
    const subjectId = course.subjectIds[1]!;
    await takeQuiz(c, subjectId, 2);
    t.clock.advance(24 * HOUR);
    await retake(c, subjectId);
    const list = (await c.get(`/quiz/${subjectId}/attempts`)).body.data;
    expect(list.attempts[1]).toEqual({
      attempt: 2,
      submitted_at: null,
      total_mark: null,
      mark_in_percentage: null,
      total_questions: 10,
    });
    expect(list).toMatchObject({
      attempts_used: 2,
      best_mark_in_percentage: 20,
      retake: { allowed: false, reason: quizMessages.retakeNotSubmitted },
    });
  });

  it('counts the best attempt: a passing retake issues the certificate, a failing one keeps it', async () => {
    const subjectId = single.subjectIds[0]!;
    const failer = await buyer(single);
    await takeQuiz(failer.c, subjectId, 3);
    expect(await getCertificate(t.app, failer.learner.id, single.courseId)).toBeUndefined();
    t.clock.advance(24 * HOUR);
    await retake(failer.c, subjectId);
    const passed = await takeQuiz(failer.c, subjectId, 8);
    expect(passed.result).toMatchObject({ attempt: 2, mark_in_percentage: 80, best_mark_in_percentage: 80 });
    expect(await getCertificate(t.app, failer.learner.id, single.courseId)).toBeDefined();

    const passer = await buyer(single);
    await takeQuiz(passer.c, subjectId, 8);
    const certificate = await getCertificate(t.app, passer.learner.id, single.courseId);
    expect(certificate).toBeDefined();
    t.clock.advance(24 * HOUR);
    await retake(passer.c, subjectId);
    const failed = await takeQuiz(passer.c, subjectId, 1);
    expect(failed.result).toMatchObject({ attempt: 2, mark_in_percentage: 10, best_mark_in_percentage: 80 });
    expect(await getCertificate(t.app, passer.learner.id, single.courseId)).toEqual(certificate);
  });

  it('ATTACK: retaking to farm Quiz Points earns nothing beyond the first attempt', async () => {
    const { learner, c } = await buyer();
    const subjectId = course.subjectIds[0]!;
    await takeQuiz(c, subjectId, 2);
    expect((await quizPointsOf(t.app, learner.id)).earned).toBe(2);
    for (let i = 0; i < 2; i++) {
      t.clock.advance(24 * HOUR);
      expect((await retake(c, subjectId)).statusCode).toBe(200);
      expect((await takeQuiz(c, subjectId, 10)).result.total_mark).toBe(10);
    }
    const wallet = await quizPointsOf(t.app, learner.id);
    expect(wallet.earned).toBe(2);
    expect(wallet.ledger).toHaveLength(1);
    expect(wallet.ledger[0]).toMatchObject({ points: 2 });
  });

  it('starts one attempt when five retakes arrive together', async () => {
    const { learner, c } = await buyer();
    const subjectId = course.subjectIds[0]!;
    await takeQuiz(c, subjectId, 5);
    t.clock.advance(24 * HOUR);
    const responses = await Promise.all(Array.from({ length: 5 }, () => retake(c, subjectId)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const r of responses.filter((r) => r.statusCode === 400))
      expect(r.body.message).toBe(quizMessages.retakeNotSubmitted);
    expect((await attemptsOf(learner.id, subjectId)).map((r) => r.attemptNumber)).toEqual([1, 2]);
  });

  it('never loses a submission that races a retake', async () => {
    await t.app.ctx.db.insert(settings).values({ key: 'quiz_retake_cooldown_hours', value: 0 });
    const { learner, c } = await buyer();
    const subjectId = course.subjectIds[0]!;
    const ids = await openQuiz(c, subjectId);
    const bank = await correctOptions(t.app, ids);
    const [submitted, retaken] = await Promise.all([
      c.post(`/quiz/${subjectId}`, { data: ids.map((id) => [id, bank.get(id)!.correct]) }),
      retake(c, subjectId),
    ]);
    expect(submitted.statusCode).toBe(200);
    const rows = await attemptsOf(learner.id, subjectId);
    expect(rows[0]).toMatchObject({ attemptNumber: 1, totalMark: 10 });
    expect(rows[0]!.submittedAt).not.toBeNull();
    // The retake either came first (nothing to retake yet) or after the submission (attempt 2).
    if (retaken.statusCode === 200) expect(rows.map((r) => r.submittedAt === null)).toEqual([false, true]);
    else
      expect([retaken.statusCode, retaken.body.message, rows.length]).toEqual([
        400,
        quizMessages.retakeNotSubmitted,
        1,
      ]);
  });

  it("shows each question's explanation in the result, null where it has none", async () => {
    const { c } = await buyer();
    const subjectId = course.subjectIds[2]!;
    const ids = await openQuiz(c, subjectId);
    await t.app.ctx.db
      .update(questions)
      .set({ explanation: 'Because the bank says so.' })
      .where(eq(questions.id, ids[0]!));
    await t.app.ctx.db.update(questions).set({ explanation: '   ' }).where(eq(questions.id, ids[1]!));
    const bank = await correctOptions(t.app, ids);
    const res = await c.post(`/quiz/${subjectId}`, { data: ids.map((id) => [id, bank.get(id)!.correct]) });
    const explanations = (res.body.data.result as { question_id: number; explanation: string | null }[]).map((item) => [
      item.question_id,
      item.explanation,
    ]);
    expect(explanations).toEqual([
      [ids[0], 'Because the bank says so.'],
      [ids[1], null],
      [ids[2], null],
    ]);
    expect((await c.get(`/quiz/${subjectId}/1`)).body.data.result).toEqual(res.body.data.result);
  });

  it("follows the operator's cooldown and maximum from the settings", async () => {
    const admin = await createAdmin(t.app);
    const as = t.client.as(admin.token);
    for (const body of [
      { quiz_retake_cooldown_hours: -1 },
      { quiz_retake_cooldown_hours: 721 },
      { quiz_retake_cooldown_hours: 1.5 },
      { quiz_max_attempts: 0 },
      { quiz_max_attempts: 21 },
      { quiz_max_attempts: 'three' },
    ]) {
      const res = await as.put('/admin/settings', body);
      expect({ body, status: res.statusCode, field: Object.keys(res.body.errors ?? {}) }).toEqual({
        body,
        status: 422,
        field: Object.keys(body),
      });
    }
    const saved = await as.put('/admin/settings', { quiz_retake_cooldown_hours: 2, quiz_max_attempts: 2 });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toMatchObject({ quiz_retake_cooldown_hours: 2, quiz_max_attempts: 2 });

    const { c } = await buyer();
    const subjectId = course.subjectIds[0]!;
    const first = await takeQuiz(c, subjectId, 1);
    expect(first.result).toMatchObject({ max_attempts: 2 });
    expect(first.result.retake.available_at).toBe(
      new Date(new Date(first.result.submitted_at).getTime() + 2 * HOUR).toISOString(),
    );
    t.clock.advance(2 * HOUR);
    expect((await retake(c, subjectId)).body.data).toMatchObject({ attempt: 2, max_attempts: 2 });
    await takeQuiz(c, subjectId, 1);
    t.clock.advance(2 * HOUR);
    expect((await retake(c, subjectId)).body.message).toBe('You have used all 2 attempts at this quiz.');

    // More attempts allowed later: the next retake may start at once with no cooldown.
    await as.put('/admin/settings', { quiz_retake_cooldown_hours: 0, quiz_max_attempts: 20 });
    expect((await retake(c, subjectId)).body.data).toMatchObject({ attempt: 3, max_attempts: 20 });
  });
});
