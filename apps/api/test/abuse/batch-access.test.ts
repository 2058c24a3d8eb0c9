import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, courses, quizAttempts, subjectProgress, users } from '@app/db';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { createAdmin } from '../admin-fixtures.ts';
import { createBatch, createCourse, createOfferCode, type CreatedCourse } from '../catalogue-fixtures.ts';
import { ledgerOf, setReferenceData } from '../wallet-fixtures.ts';
import { countPurchases, expectBooksBalanced, takeQuiz } from './abuse-fixtures.ts';
import { payThroughSandbox } from '../checkout-fixtures.ts';
import { isUpdate, migrationStatements, runStatements } from '../migration-statements.ts';

/** Item 1 and 9 of issue 13: batch subjects open only through the learner's own batch and its fee. */
describe('abuse: school batch subjects', () => {
  let t: TestApp;
  let feeBatch: Awaited<ReturnType<typeof createBatch>>;
  let freeBatch: Awaited<ReturnType<typeof createBatch>>;
  let feeSubject: CreatedCourse;
  let freeSubject: CreatedCourse;
  let learner: Learner;

  const subjectCourse = (batchId: number) =>
    createCourse(t.app, {
      batchId,
      pricePaise: 0,
      terms: [{ subjects: [{ fileType: 'youtube', questions: 12 }] }],
    });

  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app, { refund_window_days: 7 });
    learner = await createLearner(t.app);
    feeBatch = await createBatch(t.app, { feePaise: 49_900, learnerId: learner.id });
    freeBatch = await createBatch(t.app);
    feeSubject = await subjectCourse(feeBatch.id);
    freeSubject = await subjectCourse(freeBatch.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const certificatesOf = async (userId: number, courseId: number) =>
    (
      await t.app.ctx.db
        .select({ id: certificates.id })
        .from(certificates)
        .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    ).length;

  it('never sells a batch subject on its own: checkout answers 400 and writes nothing', async () => {
    const c = t.client.as(learner.token);
    for (const subject of [feeSubject, freeSubject]) {
      const res = await c.post('/checkout', { course_id: subject.id });
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({
        status: false,
        message: 'School subjects are not sold one by one: they open with your batch.',
      });
    }
    expect(await countPurchases(t, { userId: learner.id })).toBe(0);
  });

  it('keeps the fee batch closed until its fee is paid, then opens terms, files and quizzes', async () => {
    const c = t.client.as(learner.token);
    const subjectId = feeSubject.terms[0]!.subjects[0]!.id;
    expect((await c.get(`/terms/${feeSubject.id}`)).statusCode).toBe(403);
    expect((await c.get(`/quiz/${subjectId}/1`)).statusCode).toBe(403);
    expect((await c.post(`/quiz/${subjectId}`, { data: [[1, 1]] })).statusCode).toBe(403);

    await payThroughSandbox(t, learner, '/first-payment', {});
    expect((await c.get(`/terms/${feeSubject.id}`)).statusCode).toBe(200);
    // Item 9: reading the quiz and submitting it follow the same rule.
    const result = await takeQuiz(t, c, subjectId, 7);
    expect(result.statusCode, JSON.stringify(result.body)).toBe(200);
    // A batch paid above zero earns Quiz Points for its subjects, tied to the batch purchase.
    const points = (await ledgerOf(t.app, learner.id)).filter((e) => e.method === 'Quiz Points');
    expect(points).toEqual([expect.objectContaining({ points: 7, status: 'Pending' })]);
    expect(points[0]!.purchaseId).not.toBeNull();
  });

  it("keeps other batches' subjects closed, free or not", async () => {
    const stranger = await createLearner(t.app);
    const own = await createBatch(t.app, { learnerId: stranger.id });
    expect(own.id).not.toBe(freeBatch.id);
    const c = t.client.as(stranger.token);
    expect((await c.get(`/terms/${freeSubject.id}`)).statusCode).toBe(403);
    expect((await c.get(`/terms/${feeSubject.id}`)).statusCode).toBe(403);
    expect((await c.get(`/quiz/${freeSubject.terms[0]!.subjects[0]!.id}/1`)).statusCode).toBe(403);
  });

  it('opens a free batch to its own learners at once, graded and certified but without Quiz Points', async () => {
    const member = await createLearner(t.app);
    await t.app.ctx.db
      .update(users)
      .set({ syllabusId: freeBatch.syllabusId, standardId: freeBatch.standardId, isStandardPicked: true })
      .where(eq(users.id, member.id));
    const c = t.client.as(member.token);
    expect((await c.get(`/terms/${freeSubject.id}`)).statusCode).toBe(200);
    const learn = await c.get('/learn');
    expect(learn.body.data.school.map((s: { id: number }) => s.id)).toContain(freeSubject.id);
    const result = await takeQuiz(t, c, freeSubject.terms[0]!.subjects[0]!.id, 10);
    expect(result.statusCode).toBe(200);
    expect(result.body.data).toMatchObject({ total_mark: 10 });
    expect((await ledgerOf(t.app, member.id)).filter((e) => e.method === 'Quiz Points')).toEqual([]);
    expect(await countPurchases(t, { userId: member.id })).toBe(0);
  });

  it('takes a batch offer code for its own batch only, and a course code never for a batch', async () => {
    const payer = await createLearner(t.app);
    const batch = await createBatch(t.app, { feePaise: 100_000, learnerId: payer.id });
    await createOfferCode(t.app, { code: `OTHER${batch.id}`, batchId: feeBatch.id });
    const wrong = await t.client.as(payer.token).post('/first-payment', { offer_code: `OTHER${batch.id}` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.message).toBe('This offer code cannot be used here.');
    await createOfferCode(t.app, { code: `OWN${batch.id}`, batchId: batch.id, discountValue: 1_000 });
    const own = await t.client.as(payer.token).post('/first-payment', { offer_code: `OWN${batch.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.body.data).toMatchObject({ item: 'batch', amount: 90_000 });
    // The checkout page's preview says so before Pay Now: a batch's code fits only that batch's fee.
    const c = t.client.as(payer.token);
    expect((await c.get(`/fetch-code/OWN${batch.id}?for=batch`)).statusCode).toBe(200);
    const onCourse = await c.get(`/fetch-code/OWN${batch.id}?for=course`);
    expect(onCourse.statusCode).toBe(400);
    expect(onCourse.body.message).toBe('This offer code cannot be used here.');
    expect((await c.get(`/fetch-code/OTHER${batch.id}?for=batch`)).statusCode).toBe(400);
    expect((await c.get(`/fetch-code/OWN${batch.id}?for=anything`)).statusCode).toBe(422);
  });

  it('makes one paid batch purchase of parallel first-payments and checkouts', async () => {
    const racer = await createLearner(t.app);
    const batch = await createBatch(t.app, { feePaise: 0, learnerId: racer.id });
    const subject = await subjectCourse(batch.id);
    const c = t.client.as(racer.token);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => c.post('/first-payment', {})),
      ...Array.from({ length: 5 }, () => c.post('/checkout', { course_id: subject.id })),
    ]);
    // A free batch has no fee to pay and its subjects are not sold: every call is refused, nothing is written.
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(400));
    expect(await countPurchases(t, { userId: racer.id })).toBe(0);
    expect((await c.get(`/terms/${subject.id}`)).statusCode).toBe(200);

    const payer = await createLearner(t.app);
    await createBatch(t.app, { feePaise: 49_900, learnerId: payer.id });
    const starts = await Promise.all(
      Array.from({ length: 6 }, () => t.client.as(payer.token).post('/first-payment', {})),
    );
    expect(starts.every((s) => s.statusCode === 200)).toBe(true);
    // Every start is the same pending order (or a fresh one), but only one can ever be paid.
    const orders = [...new Set(starts.map((s) => s.body.data.order_id as string))];
    const confirmations = [];
    for (const order of orders) {
      const paid = await t.client.post('/sandbox/pay', { order_id: order, outcome: 'success' });
      confirmations.push(
        await t.client.as(payer.token).post('/pay-now', {
          payment_id: paid.body.razorpay_payment_id,
          order_id: paid.body.razorpay_order_id,
          signature: paid.body.razorpay_signature,
        }),
      );
    }
    expect(confirmations.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await countPurchases(t, { userId: payer.id, status: 'paid' })).toBe(1);
    await expectBooksBalanced(t);
  });
  it("ATTACK: an operator's draft in a batch stays closed to the batch, paid or free, until it is published; unpublished later, it stays open", async () => {
    const admin = await createAdmin(t.app);
    const member = await createLearner(t.app);
    await t.app.ctx.db
      .update(users)
      .set({ syllabusId: freeBatch.syllabusId, standardId: freeBatch.standardId, isStandardPicked: true })
      .where(eq(users.id, member.id));
    const draftIn = (batchId: number) =>
      createCourse(t.app, {
        batchId,
        pricePaise: 0,
        isPublished: false,
        terms: [{ subjects: [{ fileType: 'youtube', questions: 12 }] }],
      });
    const freeDraft = await draftIn(freeBatch.id);
    const feeDraft = await draftIn(feeBatch.id);
    // `learner` paid the fee batch's fee above; `member` is in the free batch.
    for (const [who, draft] of [
      [member, freeDraft],
      [learner, feeDraft],
    ] as const) {
      const c = t.client.as(who.token);
      const subjectId = draft.terms[0]!.subjects[0]!.id;
      expect((await c.get(`/terms/${draft.id}`)).statusCode).toBe(404);
      expect((await c.get(`/term-subjects/${draft.terms[0]!.id}`)).statusCode).toBe(404);
      expect((await c.get(`/quiz/${subjectId}/1`)).statusCode).toBe(403);
      expect((await takeQuiz(t, c, subjectId, 10)).statusCode).toBe(403);
      expect(await certificatesOf(who.id, draft.id)).toBe(0);
    }

    // Published from the console, it opens; unpublished again, the learner studying it keeps it.
    const ops = t.client.as(admin.token);
    expect((await ops.put(`/admin/courses/${freeDraft.id}`, { is_published: true })).statusCode).toBe(200);
    const c = t.client.as(member.token);
    expect((await c.get(`/terms/${freeDraft.id}`)).statusCode).toBe(200);
    expect((await takeQuiz(t, c, freeDraft.terms[0]!.subjects[0]!.id, 10)).statusCode).toBe(200);
    expect(await certificatesOf(member.id, freeDraft.id)).toBe(1);
    expect((await ops.put(`/admin/courses/${freeDraft.id}`, { is_published: false })).statusCode).toBe(200);
    expect((await c.get(`/terms/${freeDraft.id}`)).statusCode).toBe(200);
    // Nothing takes that back, not even a write that asks to (the database keeps it).
    await t.app.ctx.db.update(courses).set({ wasPublished: false }).where(eq(courses.id, freeDraft.id));
    expect((await c.get(`/terms/${freeDraft.id}`)).statusCode).toBe(200);
  });
  it('migration 0042 counts as published the unpublished courses a learner already studied, was certified in or attempted', async () => {
    const member = await createLearner(t.app);
    const { db } = t.app.ctx;
    const draft = () =>
      createCourse(t.app, {
        batchId: freeBatch.id,
        pricePaise: 0,
        isPublished: false,
        terms: [{ subjects: [{ fileType: 'youtube', questions: 12 }] }],
      });
    const [studied, certified, attempted, untouched] = [await draft(), await draft(), await draft(), await draft()];
    const subjectOf = (course: CreatedCourse) => course.terms[0]!.subjects[0]!.id;
    await db.insert(subjectProgress).values({ userId: member.id, subjectId: subjectOf(studied), courseId: studied.id });
    await db.insert(certificates).values({
      id: randomBytes(16).toString('hex'),
      userId: member.id,
      courseId: certified.id,
      holderName: 'A Learner',
      courseName: 'A course',
      issuedAt: t.app.ctx.now(),
    });
    await db.insert(quizAttempts).values({ userId: member.id, subjectId: subjectOf(attempted), questionIds: [1] });

    // The migration's backfill, as the migrator runs it: in one transaction.
    const backfill = migrationStatements('0042_course_was_published.sql', isUpdate);
    expect(backfill).toHaveLength(1);
    await runStatements(db, backfill);
    const ids = [studied.id, certified.id, attempted.id, untouched.id];
    const rows = await db
      .select({ id: courses.id, wasPublished: courses.wasPublished })
      .from(courses)
      .where(inArray(courses.id, ids));
    expect(new Map(rows.map((row) => [row.id, row.wasPublished]))).toEqual(
      new Map([
        [studied.id, true],
        [certified.id, true],
        [attempted.id, true],
        [untouched.id, false],
      ]),
    );
  });
});
