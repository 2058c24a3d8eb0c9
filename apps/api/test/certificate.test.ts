import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases, settings, users } from '@app/db';
import { createTestApp, type TestApp, type TestClient } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { buyCourse, correctOptions, createQuizCourse, getPurchase, type QuizCourse } from './quiz-fixtures.ts';

const APP_URL = 'https://learn.example.in';

interface Buyer extends Learner {
  purchaseId: number;
  client: TestClient;
}

describe('certificates', () => {
  let t: TestApp;
  let course: QuizCourse;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL } });
    course = await createQuizCourse(t.app, { banks: [12, 12], name: 'Class 10 Mathematics' });
  });
  afterAll(async () => { await t.close(); });

  async function newBuyer(firstName = 'Asha', lastName = 'Verma'): Promise<Buyer> {
    const learner = await createLearner(t.app);
    await t.app.ctx.db.update(users).set({ firstName, lastName }).where(eq(users.id, learner.id));
    const purchaseId = await buyCourse(t.app, learner.id, course.courseId);
    return { ...learner, purchaseId, client: t.client.as(learner.token) };
  }

  /** Opens the subject's quiz and submits `right` correct answers out of 10. */
  async function takeQuiz(buyer: Buyer, subjectId: number, right: number) {
    return buyer.client.post(`/quiz/${subjectId}`, { data: await prepareAnswers(buyer, subjectId, right) });
  }

  /** Opens the subject's quiz and prepares `right` correct answers out of 10. */
  async function prepareAnswers(buyer: Buyer, subjectId: number, right: number) {
    const ids: number[] = [];
    for (let n = 1; n <= 10; n++) ids.push((await buyer.client.get(`/quiz/${subjectId}/${n}`)).body.data.id);
    const bank = await correctOptions(t.app, ids);
    return ids.map((id, i) => {
      const { correct, optionCount } = bank.get(id)!;
      return [id, i < right ? correct : (correct % optionCount) + 1];
    });
  }

  it('is not issued until every subject quiz passes, and not when one fails', async () => {
    const buyer = await newBuyer();
    expect((await takeQuiz(buyer, course.subjectIds[0]!, 8)).statusCode).toBe(200);
    expect((await getPurchase(t.app, buyer.purchaseId)).certificateId).toBeNull();

    // 3/10 = 30% < 40%: the course is finished but not passed.
    const failed = await takeQuiz(buyer, course.subjectIds[1]!, 3);
    expect(failed.statusCode).toBe(200);
    expect(failed.body.data.mark_in_percentage).toBe(30);
    const purchase = await getPurchase(t.app, buyer.purchaseId);
    expect(purchase.certificateId).toBeNull();
    expect(purchase.certificateIssuedAt).toBeNull();
  });

  it('is issued when the last subject quiz passes at exactly the pass mark, once', async () => {
    const buyer = await newBuyer();
    expect((await takeQuiz(buyer, course.subjectIds[0]!, 10)).statusCode).toBe(200);
    expect((await getPurchase(t.app, buyer.purchaseId)).certificateId).toBeNull();
    const last = await takeQuiz(buyer, course.subjectIds[1]!, 4);
    expect(last.body.data.mark_in_percentage).toBe(40);

    const purchase = await getPurchase(t.app, buyer.purchaseId);
    expect(purchase.certificateId).toMatch(/^[0-9a-f]{32}$/);
    expect(purchase.certificateIssuedAt).toBeInstanceOf(Date);

    // A refused second submission leaves the certificate as it was.
    const again = last.body.data.result.map((r: { question_id: number; correct_option: number }) => [r.question_id, r.correct_option]);
    expect((await buyer.client.post(`/quiz/${course.subjectIds[1]}`, { data: again })).statusCode).toBe(400);
    expect((await getPurchase(t.app, buyer.purchaseId)).certificateId).toBe(purchase.certificateId);
  });

  it('follows the pass_mark_percent setting', async () => {
    await t.app.ctx.db.update(settings).set({ value: 50 }).where(eq(settings.key, 'pass_mark_percent'));
    try {
      const buyer = await newBuyer();
      await takeQuiz(buyer, course.subjectIds[0]!, 10);
      await takeQuiz(buyer, course.subjectIds[1]!, 4);
      expect((await getPurchase(t.app, buyer.purchaseId)).certificateId).toBeNull();
    } finally {
      await t.app.ctx.db.update(settings).set({ value: 40 }).where(eq(settings.key, 'pass_mark_percent'));
    }
    // Without the setting the default is 40%.
    await t.app.ctx.db.delete(settings).where(eq(settings.key, 'pass_mark_percent'));
    try {
      const buyer = await newBuyer();
      await takeQuiz(buyer, course.subjectIds[0]!, 4);
      await takeQuiz(buyer, course.subjectIds[1]!, 4);
      expect((await getPurchase(t.app, buyer.purchaseId)).certificateId).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await t.app.ctx.db.insert(settings).values({ key: 'pass_mark_percent', value: 40 }).onConflictDoNothing();
    }
  });

  it('is issued when the last two quizzes are submitted at the same time', async () => {
    // Several learners at once, so the two submissions of each really overlap in the database.
    const buyers = await Promise.all(Array.from({ length: 6 }, () => newBuyer()));
    const prepared = await Promise.all(buyers.map((buyer) =>
      Promise.all(course.subjectIds.map((subjectId) => prepareAnswers(buyer, subjectId, 6)))));
    const results = await Promise.all(buyers.flatMap((buyer, b) =>
      course.subjectIds.map((subjectId, i) => buyer.client.post(`/quiz/${subjectId}`, { data: prepared[b]![i] }))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(results.length).fill(200));
    for (const buyer of buyers) {
      expect((await getPurchase(t.app, buyer.purchaseId)).certificateId).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('is public: name, course, date and validity as JSON, without signing in', async () => {
    const buyer = await newBuyer('Ravi', 'Kumar');
    await takeQuiz(buyer, course.subjectIds[0]!, 9);
    await takeQuiz(buyer, course.subjectIds[1]!, 7);
    const purchase = await getPurchase(t.app, buyer.purchaseId);
    const id = purchase.certificateId!;

    const res = await t.client.get(`/certificates/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: expect.any(String),
      data: {
        certificate_id: id,
        name: 'Ravi Kumar',
        course: 'Class 10 Mathematics',
        issued_at: purchase.certificateIssuedAt!.toISOString(),
        is_valid: true,
        verify_url: `${APP_URL}/certificate/${id}`,
        pdf_url: `/live-connect/api/certificates/${id}/pdf`,
      },
    });
    expect((await t.client.get(`/certificates/${id.toUpperCase()}`)).body.data.certificate_id).toBe(id);

    // A refund voids it; the page says so rather than disappearing.
    await t.app.ctx.db.update(purchases).set({ status: 'refunded', refundedAt: new Date() }).where(eq(purchases.id, buyer.purchaseId));
    const refunded = await t.client.get(`/certificates/${id}`);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.body.data.is_valid).toBe(false);
  });

  it('serves a PDF', async () => {
    const buyer = await newBuyer('Meera', 'Nair');
    await takeQuiz(buyer, course.subjectIds[0]!, 5);
    await takeQuiz(buyer, course.subjectIds[1]!, 5);
    const id = (await getPurchase(t.app, buyer.purchaseId)).certificateId!;
    const res = await t.app.inject({ method: 'GET', url: `/live-connect/api/certificates/${id}/pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`certificate-${id}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
    expect(pdf.length).toBeGreaterThan(2000);
    // The validation page's address is a clickable link in the PDF (the QR code encodes the same).
    expect(pdf.toString('latin1')).toContain(`${APP_URL}/certificate/${id}`);
  });

  it('answers 404 for an unknown id, as JSON and as PDF', async () => {
    for (const path of ['/certificates/00000000000000000000000000000000', '/certificates/nope', '/certificates/00000000000000000000000000000000/pdf']) {
      const res = await t.client.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).toEqual({ status: false, message: 'No certificate with this id.' });
    }
  });
});
