import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@app/contracts';
import { auditLog, quizAttemptGrants } from '@app/db';
import { createTestApp, type TestApp, type TestClient } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { auditOf, createAdmin } from './admin-fixtures.ts';
import { buyCourse, correctOptions, createQuizCourse, getCertificate, type QuizCourse } from './quiz-fixtures.ts';

const HOUR = 3_600_000;

/**
 * Decision 062: a learner who failed every attempt at a chapter quiz could never finish the course (no certificate,
 * never 100%); the operator gives one more attempt at that one quiz, audited.
 */
describe('admin: another attempt at a chapter quiz', () => {
  let t: TestApp;
  let admin: Learner;
  let course: QuizCourse;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.app);
    // One chapter: passing its quiz completes the course. A second chapter stays untaken.
    course = await createQuizCourse(t.app, { banks: [30, 12] });
  });
  afterAll(async () => {
    await t.close();
  });

  const as = () => t.client.as(admin.token);
  const grant = (userId: number, subjectId: number, client: TestClient = as()) =>
    client.post(`/admin/users/${userId}/quizzes/${subjectId}/another-attempt`);
  const retake = (c: TestClient, subjectId: number) => c.post(`/quiz/${subjectId}/retake`);

  async function buyer(): Promise<{ learner: Learner; c: TestClient }> {
    const learner = await createLearner(t.app);
    await buyCourse(t.app, learner.id, course.courseId);
    return { learner, c: t.client.as(learner.token) };
  }

  /** Opens the current attempt and submits it with `right` correct answers, the rest wrong. */
  async function takeQuiz(c: TestClient, subjectId: number, right: number) {
    const first = await c.get(`/quiz/${subjectId}/1`);
    const ids = [first.body.data.id as number];
    for (let n = 2; n <= first.body.data.total_questions; n++)
      ids.push((await c.get(`/quiz/${subjectId}/${n}`)).body.data.id);
    const bank = await correctOptions(t.app, ids);
    const data = ids.map((id, i) => {
      const { correct, optionCount } = bank.get(id)!;
      return [id, i < right ? correct : (correct % optionCount) + 1];
    });
    const res = await c.post(`/quiz/${subjectId}`, { data });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  /** A learner who failed all 3 attempts at the first chapter's quiz, the last one just submitted. */
  async function failedThrice() {
    const { learner, c } = await buyer();
    const subjectId = course.subjectIds[0]!;
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (attempt > 1) {
        t.clock.advance(24 * HOUR);
        expect((await retake(c, subjectId)).statusCode).toBe(200);
      }
      await takeQuiz(c, subjectId, 1);
    }
    return { learner, c, subjectId };
  }

  it('gives exactly one more attempt, after the cool-down, and only once it is used another', async () => {
    const { learner, c, subjectId } = await failedThrice();
    t.clock.advance(24 * HOUR);
    expect((await retake(c, subjectId)).body.message).toBe('You have used all 3 attempts at this quiz.');

    const listed = await as().get(`/admin/users/${learner.id}/quizzes`);
    expect(listed.statusCode).toBe(200);
    expect(listed.body.data).toEqual([
      {
        subject_id: subjectId,
        subject_name: 'Subject 1',
        course_id: course.courseId,
        course_name: course.courseName,
        attempts_used: 3,
        max_attempts: 3,
        granted_attempts: 0,
        best_mark_in_percentage: 10,
        pass_mark_percent: 40,
        passed: false,
        can_grant: true,
      },
    ]);

    const granted = await grant(learner.id, subjectId);
    expect(granted.statusCode, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body.message).toBe(adminMessages.quizAttemptGranted);
    expect(granted.body.data).toMatchObject({
      attempts_used: 3,
      max_attempts: 4,
      granted_attempts: 1,
      can_grant: false,
    });
    // Not two: a second grant before the learner used the first is refused.
    const again = await grant(learner.id, subjectId);
    expect([again.statusCode, again.body]).toEqual([400, { status: false, message: adminMessages.quizAttemptsLeft }]);

    // The learner sees one more attempt; a retake starts it (the last submission was 24 h ago).
    const attempts = (await c.get(`/quiz/${subjectId}/attempts`)).body.data;
    expect(attempts).toMatchObject({ attempts_used: 3, max_attempts: 4, retake: { allowed: true } });
    expect((await retake(c, subjectId)).body.data).toMatchObject({ attempt: 4, attempts_used: 4, max_attempts: 4 });
    // Attempt 4 of a bank of 30: none of its 10 was asked before, so a failed result is still no crib.
    await takeQuiz(c, subjectId, 2);
    t.clock.advance(24 * HOUR);
    expect((await retake(c, subjectId)).body.message).toBe('You have used all 4 attempts at this quiz.');

    // Used and failed: the operator may give another, which is a second row.
    expect((await grant(learner.id, subjectId)).body.data).toMatchObject({ max_attempts: 5, granted_attempts: 2 });
    const rows = await t.app.ctx.db
      .select()
      .from(quizAttemptGrants)
      .where(and(eq(quizAttemptGrants.userId, learner.id), eq(quizAttemptGrants.subjectId, subjectId)));
    expect(rows.map((r) => r.grantedBy)).toEqual([admin.id, admin.id]);
  });

  it('keeps the cool-down: a grant right after the last failure starts nothing before 24 hours', async () => {
    const { learner, c, subjectId } = await failedThrice();
    expect((await grant(learner.id, subjectId)).statusCode).toBe(200);
    const refused = await retake(c, subjectId);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toMatch(/^You can retake this quiz after /);
    t.clock.advance(24 * HOUR);
    expect((await retake(c, subjectId)).body.data).toMatchObject({ attempt: 4 });
  });

  it('lets a learner who passes the granted attempt finish the course', async () => {
    const { learner, c, subjectId } = await failedThrice();
    // The second chapter passed: the first one alone stands between the learner and the certificate.
    await takeQuiz(c, course.subjectIds[1]!, 10);
    expect(await getCertificate(t.app, learner.id, course.courseId)).toBeUndefined();
    await grant(learner.id, subjectId);
    t.clock.advance(24 * HOUR);
    expect((await retake(c, subjectId)).statusCode).toBe(200);
    expect(await takeQuiz(c, subjectId, 6)).toMatchObject({ attempt: 4, best_mark_in_percentage: 60 });
    expect(await getCertificate(t.app, learner.id, course.courseId)).toBeDefined();
    const after = (await as().get(`/admin/users/${learner.id}/quizzes`)).body.data;
    expect(after.find((q: { subject_id: number }) => q.subject_id === subjectId)).toMatchObject({
      passed: true,
      can_grant: false,
    });
  });

  it('is audited with the operator, the learner, the quiz and the limit before and after', async () => {
    const { learner, subjectId } = await failedThrice();
    const res = await grant(learner.id, subjectId);
    const [row] = await t.app.ctx.db.select().from(quizAttemptGrants).where(eq(quizAttemptGrants.userId, learner.id));
    expect(row).toMatchObject({ subjectId, grantedBy: admin.id });
    // When, by the app's clock (which the tests move ahead by days).
    expect(Math.abs(row!.createdAt.getTime() - t.clock.now().getTime())).toBeLessThan(10_000);
    const audit = await auditOf(t.app, 'quiz_attempt_grants', row!.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'quiz_attempt.grant',
      before: { user_id: learner.id, subject_id: subjectId, attempts_used: 3, max_attempts: 3, can_grant: true },
      after: { ...res.body.data, user_id: learner.id },
    });
    // The audit page finds it.
    const page = await as().get('/admin/audit?action=quiz_attempt.grant');
    expect(page.body.data.data.map((e: { entity_id: string }) => e.entity_id)).toContain(String(row!.id));
  });

  it('is for operators only: a learner cannot give themselves another attempt (403)', async () => {
    const { learner, c, subjectId } = await failedThrice();
    expect((await grant(learner.id, subjectId, c)).statusCode).toBe(403);
    expect((await c.get(`/admin/users/${learner.id}/quizzes`)).statusCode).toBe(403);
    expect((await grant(learner.id, subjectId, t.client)).statusCode).toBe(401);
    expect(await t.app.ctx.db.select().from(quizAttemptGrants).where(eq(quizAttemptGrants.userId, learner.id))).toEqual(
      [],
    );
    expect((await c.get(`/quiz/${subjectId}/attempts`)).body.data.max_attempts).toBe(3);
  });

  it('refuses bad input in the API shapes: unknown learner or chapter, attempts left, passed', async () => {
    const { learner, c } = await buyer();
    const subjectId = course.subjectIds[0]!;
    const nothing = async (res: { statusCode: number; body: unknown }, status: number, body: unknown) =>
      expect([res.statusCode, res.body]).toEqual([status, body]);

    await nothing(await grant(999_999, subjectId), 404, { status: false, message: adminMessages.userNotFound });
    await nothing(await grant(learner.id, 999_999), 404, { status: false, message: adminMessages.subjectNotFound });
    expect((await as().get('/admin/users/999999/quizzes')).statusCode).toBe(404);
    const malformed = await as().post(`/admin/users/${learner.id}/quizzes/abc/another-attempt`);
    expect([malformed.statusCode, Object.keys(malformed.body.errors ?? {})]).toEqual([422, ['subjectId']]);
    // Never taken, taken once, and the last attempt still open: attempts are left.
    const attemptsLeft = { status: false, message: adminMessages.quizAttemptsLeft };
    await nothing(await grant(learner.id, subjectId), 400, attemptsLeft);
    await takeQuiz(c, subjectId, 1);
    await nothing(await grant(learner.id, subjectId), 400, attemptsLeft);
    for (let attempt = 2; attempt <= 3; attempt++) {
      t.clock.advance(24 * HOUR);
      await retake(c, subjectId);
      if (attempt < 3) await takeQuiz(c, subjectId, 1);
    }
    await c.get(`/quiz/${subjectId}/1`);
    await nothing(await grant(learner.id, subjectId), 400, attemptsLeft);
    // Passed on the third: nothing to give.
    await takeQuiz(c, subjectId, 4);
    await nothing(await grant(learner.id, subjectId), 400, { status: false, message: adminMessages.quizAlreadyPassed });
    expect(await t.app.ctx.db.select().from(quizAttemptGrants).where(eq(quizAttemptGrants.userId, learner.id))).toEqual(
      [],
    );
    expect(
      await t.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'quiz_attempt.grant'), eq(auditLog.actorId, admin.id)))
        .then((rows) => rows.filter((r) => (r.after as { user_id?: number }).user_id === learner.id)),
    ).toEqual([]);
  });

  it('gives one attempt when two operators press at once', async () => {
    const { learner, subjectId } = await failedThrice();
    const responses = await Promise.all([grant(learner.id, subjectId), grant(learner.id, subjectId)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const listed = (await as().get(`/admin/users/${learner.id}/quizzes`)).body.data[0];
    expect(listed).toMatchObject({ max_attempts: 4, granted_attempts: 1 });
  });
});
