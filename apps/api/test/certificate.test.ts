import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases, questions, quizAttempts, settings, subjects, terms, users } from '@app/db';
import { issueCertificateIfComplete } from '../src/services/certificates/index.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createAdmin } from './admin-fixtures.ts';
import { payThroughSandbox } from './checkout-fixtures.ts';
import { buyCourse, correctOptions, createQuizCourse, getCertificate, type QuizCourse } from './quiz-fixtures.ts';

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
  afterAll(async () => {
    await t.close();
  });

  async function newBuyer(firstName = 'Asha', lastName = 'Verma'): Promise<Buyer> {
    const learner = await createLearner(t.app);
    await t.app.ctx.db.update(users).set({ firstName, lastName }).where(eq(users.id, learner.id));
    const purchaseId = await buyCourse(t.app, learner.id, course.courseId);
    return { ...learner, purchaseId, client: t.client.as(learner.token) };
  }

  const certificateOf = (buyer: Buyer) => getCertificate(t.app, buyer.id, course.courseId);

  /** A learner who bought the given course. */
  async function newLearnerOf(courseId: number): Promise<Buyer> {
    const learner = await createLearner(t.app);
    const purchaseId = await buyCourse(t.app, learner.id, courseId);
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
    expect(await certificateOf(buyer)).toBeUndefined();

    // 3/10 = 30% < 40%: the course is finished but not passed.
    const failed = await takeQuiz(buyer, course.subjectIds[1]!, 3);
    expect(failed.statusCode).toBe(200);
    expect(failed.body.data.mark_in_percentage).toBe(30);
    expect(await certificateOf(buyer)).toBeUndefined();
  });

  it('is issued when the last subject quiz passes at exactly the pass mark, once', async () => {
    const buyer = await newBuyer();
    expect((await takeQuiz(buyer, course.subjectIds[0]!, 10)).statusCode).toBe(200);
    expect(await certificateOf(buyer)).toBeUndefined();
    const last = await takeQuiz(buyer, course.subjectIds[1]!, 4);
    expect(last.body.data.mark_in_percentage).toBe(40);

    const certificate = (await certificateOf(buyer))!;
    expect(certificate).toMatchObject({ purchaseId: buyer.purchaseId, holderName: 'Asha Verma', reissuedAt: null });
    expect(certificate.id).toMatch(/^[0-9a-f]{32}$/);
    expect(certificate.issuedAt).toBeInstanceOf(Date);

    // A refused second submission leaves the certificate as it was.
    const again = last.body.data.result.map((r: { question_id: number; correct_option: number }) => [
      r.question_id,
      r.correct_option,
    ]);
    expect((await buyer.client.post(`/quiz/${course.subjectIds[1]}`, { data: again })).statusCode).toBe(400);
    expect(await certificateOf(buyer)).toEqual(certificate);

    // Issuing again (the next quiz submission of the course) gives the same certificate, unchanged.
    const issuedAgain = await t.app.ctx.db.transaction((tx) =>
      issueCertificateIfComplete(tx, {
        userId: buyer.id,
        courseId: course.courseId,
        purchaseId: buyer.purchaseId,
        now: new Date(Date.now() + 86_400_000),
      }),
    );
    expect(issuedAgain).toBe(certificate.id);
    expect(await certificateOf(buyer)).toEqual(certificate);
  });

  it('follows the pass_mark_percent setting', async () => {
    await t.app.ctx.db.update(settings).set({ value: 50 }).where(eq(settings.key, 'pass_mark_percent'));
    try {
      const buyer = await newBuyer();
      await takeQuiz(buyer, course.subjectIds[0]!, 10);
      await takeQuiz(buyer, course.subjectIds[1]!, 4);
      expect(await certificateOf(buyer)).toBeUndefined();
    } finally {
      await t.app.ctx.db.update(settings).set({ value: 40 }).where(eq(settings.key, 'pass_mark_percent'));
    }
    // Without the setting the default is 40%.
    await t.app.ctx.db.delete(settings).where(eq(settings.key, 'pass_mark_percent'));
    try {
      const buyer = await newBuyer();
      await takeQuiz(buyer, course.subjectIds[0]!, 4);
      await takeQuiz(buyer, course.subjectIds[1]!, 4);
      expect((await certificateOf(buyer))?.id).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await t.app.ctx.db.insert(settings).values({ key: 'pass_mark_percent', value: 40 }).onConflictDoNothing();
    }
  });

  it('is issued when the last two quizzes are submitted at the same time', async () => {
    // Several learners at once, so the two submissions of each really overlap in the database.
    const buyers = await Promise.all(Array.from({ length: 6 }, () => newBuyer()));
    const prepared = await Promise.all(
      buyers.map((buyer) => Promise.all(course.subjectIds.map((subjectId) => prepareAnswers(buyer, subjectId, 6)))),
    );
    const results = await Promise.all(
      buyers.flatMap((buyer, b) =>
        course.subjectIds.map((subjectId, i) => buyer.client.post(`/quiz/${subjectId}`, { data: prepared[b]![i] })),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(results.length).fill(200));
    for (const buyer of buyers) {
      expect((await certificateOf(buyer))?.id).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('is public: name, course, date and validity as JSON, without signing in', async () => {
    const buyer = await newBuyer('Ravi', 'Kumar');
    await takeQuiz(buyer, course.subjectIds[0]!, 9);
    await takeQuiz(buyer, course.subjectIds[1]!, 7);
    const certificate = (await certificateOf(buyer))!;
    const id = certificate.id;

    const res = await t.client.get(`/certificates/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: expect.any(String),
      data: {
        certificate_id: id,
        name: 'Ravi Kumar',
        course: 'Class 10 Mathematics',
        issued_at: certificate.issuedAt.toISOString(),
        is_valid: true,
        verify_url: `${APP_URL}/certificate/${id}`,
        pdf_url: `/live-connect/api/certificates/${id}/pdf`,
      },
    });
    expect((await t.client.get(`/certificates/${id.toUpperCase()}`)).body.data.certificate_id).toBe(id);

    // A refund voids it; the page says so rather than disappearing.
    await t.app.ctx.db
      .update(purchases)
      .set({ status: 'refunded', refundedAt: new Date() })
      .where(eq(purchases.id, buyer.purchaseId));
    const refunded = await t.client.get(`/certificates/${id}`);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.body.data.is_valid).toBe(false);
  });

  it('serves a PDF', async () => {
    const buyer = await newBuyer('Meera', 'Nair');
    await takeQuiz(buyer, course.subjectIds[0]!, 5);
    await takeQuiz(buyer, course.subjectIds[1]!, 5);
    const id = (await certificateOf(buyer))!.id;
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

  it('is issued per learner and course without a purchase (a free batch), and stays valid', async () => {
    const learner = await createLearner(t.app);
    await t.app.ctx.db.update(users).set({ firstName: 'Lata', lastName: 'Menon' }).where(eq(users.id, learner.id));
    // A free batch's subject course: the quizzes were passed with no purchase behind them.
    const subjectCourse = await createQuizCourse(t.app, { banks: [12], name: 'Class 8 Science' });
    await t.app.ctx.db.insert(quizAttempts).values({
      userId: learner.id,
      subjectId: subjectCourse.subjectIds[0]!,
      questionIds: [],
      submittedAt: new Date(),
      totalMark: 7,
      markInPercentage: '70.00',
    });
    const issue = () =>
      t.app.ctx.db.transaction((tx) =>
        issueCertificateIfComplete(tx, {
          userId: learner.id,
          courseId: subjectCourse.courseId,
          purchaseId: null,
          now: new Date(),
        }),
      );
    const id = await issue();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(await issue()).toBe(id);
    const res = await t.client.get(`/certificates/${id}`);
    expect(res.body.data).toMatchObject({
      certificate_id: id,
      name: 'Lata Menon',
      course: 'Class 8 Science',
      is_valid: true,
    });
  });

  it('is valid again, under the same id, when a refunded course is bought back', async () => {
    const buyer = await newBuyer('Kiran', 'Das');
    await takeQuiz(buyer, course.subjectIds[0]!, 9);
    await takeQuiz(buyer, course.subjectIds[1]!, 9);
    const { id } = (await certificateOf(buyer))!;
    await t.app.ctx.db
      .update(purchases)
      .set({ status: 'refunded', refundedAt: new Date() })
      .where(eq(purchases.id, buyer.purchaseId));
    expect((await t.client.get(`/certificates/${id}`)).body.data.is_valid).toBe(false);

    const again = await buyCourse(t.app, buyer.id, course.courseId);
    const issued = await t.app.ctx.db.transaction((tx) =>
      issueCertificateIfComplete(tx, {
        userId: buyer.id,
        courseId: course.courseId,
        purchaseId: again,
        now: new Date(),
      }),
    );
    expect(issued).toBe(id);
    expect(await certificateOf(buyer)).toMatchObject({ id, purchaseId: again, holderName: 'Kiran Das' });
    expect((await t.client.get(`/certificates/${id}`)).body.data.is_valid).toBe(true);
  });

  it('is valid again when a refunded course is bought back through checkout and payment, with no quiz left to take', async () => {
    const admin = await createAdmin(t.app);
    const learner = await createLearner(t.app);
    const first = await payThroughSandbox(t, learner, '/checkout', { course_id: course.courseId });
    const buyer = { ...learner, purchaseId: first.purchaseId, client: t.client.as(learner.token) };
    await takeQuiz(buyer, course.subjectIds[0]!, 9);
    await takeQuiz(buyer, course.subjectIds[1]!, 9);
    const { id } = (await certificateOf(buyer))!;
    expect((await t.client.as(admin.token).post(`/admin/purchases/${first.purchaseId}/refund`)).statusCode).toBe(200);
    expect((await t.client.get(`/certificates/${id}`)).body.data.is_valid).toBe(false);

    // Every quiz is already submitted: only the payment's confirmation can make it valid again.
    const again = await payThroughSandbox(t, learner, '/checkout', { course_id: course.courseId });
    expect(await certificateOf(buyer)).toMatchObject({ id, purchaseId: again.purchaseId });
    expect((await t.client.get(`/certificates/${id}`)).body.data).toMatchObject({ certificate_id: id, is_valid: true });
    const learning = await buyer.client.get('/learn');
    expect(JSON.stringify(learning.body.data)).toContain(id);
  });

  describe('when an operator removes quizzes from a course', () => {
    /** A course with quizzes A and B in term 1 and C in term 2, and a learner who passed A and B only. */
    async function passedAllButC(banks: [number, number, number] = [12, 12, 12]) {
      const shrinking = await createQuizCourse(t.app, { banks: [banks[0], banks[1]] });
      const [term2] = await t.app.ctx.db
        .insert(terms)
        .values({ courseId: shrinking.courseId, name: 'Term 2', position: 1 })
        .returning({ id: terms.id });
      const [c] = await t.app.ctx.db
        .insert(subjects)
        .values({ termId: term2!.id, name: 'Subject C', fileType: 'link', fileRef: 'https://example.com' })
        .returning({ id: subjects.id });
      const cQuestions = await t.app.ctx.db
        .insert(questions)
        .values(
          Array.from({ length: banks[2] }, (_, k) => ({
            subjectId: c!.id,
            question: `C question ${k + 1}?`,
            option1: 'yes',
            option2: 'no',
            correctOption: 1,
          })),
        )
        .returning({ id: questions.id });
      const learner = await createLearner(t.app);
      const purchaseId = await buyCourse(t.app, learner.id, shrinking.courseId);
      const buyer = { ...learner, purchaseId, client: t.client.as(learner.token) };
      for (const subjectId of shrinking.subjectIds) expect((await takeQuiz(buyer, subjectId, 8)).statusCode).toBe(200);
      const certificate = () => getCertificate(t.app, learner.id, shrinking.courseId);
      expect(await certificate()).toBeUndefined();
      return {
        shrinking,
        buyer,
        term2Id: term2!.id,
        cId: c!.id,
        cQuestionIds: cQuestions.map((q) => q.id),
        certificate,
      };
    }

    it("issues the certificate when the missing quiz's subject is deleted, to learners who still have the course", async () => {
      const admin = await createAdmin(t.app);
      const { shrinking, buyer, cId, certificate } = await passedAllButC();
      // Passed A only: still not complete. Passed A and B, then refunded: gets it when buying back.
      const halfway = await newLearnerOf(shrinking.courseId);
      await takeQuiz(halfway, shrinking.subjectIds[0]!, 8);
      const refunded = await newLearnerOf(shrinking.courseId);
      for (const subjectId of shrinking.subjectIds) await takeQuiz(refunded, subjectId, 8);
      await t.app.ctx.db.update(purchases).set({ status: 'refunded' }).where(eq(purchases.id, refunded.purchaseId));

      expect((await t.client.as(admin.token).delete(`/admin/subjects/${cId}`)).statusCode).toBe(200);
      const issued = await certificate();
      expect(issued).toMatchObject({ purchaseId: buyer.purchaseId, holderName: 'Test Learner' });
      expect((await t.client.get(`/certificates/${issued!.id}`)).body.data.is_valid).toBe(true);
      expect(await getCertificate(t.app, halfway.id, shrinking.courseId)).toBeUndefined();
      expect(await getCertificate(t.app, refunded.id, shrinking.courseId)).toBeUndefined();
      // Bought back: the payment issues it (results that complete the course, never certified).
      const again = await payThroughSandbox(t, refunded, '/checkout', { course_id: shrinking.courseId });
      expect(await getCertificate(t.app, refunded.id, shrinking.courseId)).toMatchObject({
        purchaseId: again.purchaseId,
      });
    });

    it('issues it when the term holding the missing quiz is deleted', async () => {
      const admin = await createAdmin(t.app);
      const { buyer, term2Id, certificate } = await passedAllButC();
      expect((await t.client.as(admin.token).delete(`/admin/terms/${term2Id}`)).statusCode).toBe(200);
      expect(await certificate()).toMatchObject({ purchaseId: buyer.purchaseId });
    });

    it("issues it when the missing quiz's last question is deleted, not before", async () => {
      const admin = await createAdmin(t.app);
      const { cQuestionIds, certificate } = await passedAllButC([12, 12, 2]);
      expect((await t.client.as(admin.token).delete(`/admin/questions/${cQuestionIds[0]}`)).statusCode).toBe(200);
      expect(await certificate()).toBeUndefined();
      expect((await t.client.as(admin.token).delete(`/admin/questions/${cQuestionIds[1]}`)).statusCode).toBe(200);
      expect(await certificate()).toBeDefined();
    });
  });

  it('answers 404 for an unknown id, as JSON and as PDF', async () => {
    for (const path of [
      '/certificates/00000000000000000000000000000000',
      '/certificates/nope',
      '/certificates/00000000000000000000000000000000/pdf',
    ]) {
      const res = await t.client.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).toEqual({ status: false, message: 'No certificate with this id.' });
    }
  });
});
