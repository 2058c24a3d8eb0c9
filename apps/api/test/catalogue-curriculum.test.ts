import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createBatch, createCourse, createPaidPurchase } from './catalogue-fixtures.ts';
import { createAdmin } from './admin-fixtures.ts';

let t: TestApp;
let learner: Learner;

beforeAll(async () => {
  t = await createTestApp();
  learner = await createLearner(t.app);
});
afterAll(async () => t?.close());

describe('GET /course/{id}/curriculum', () => {
  it('gives the terms and chapters by name and kind, which have a quiz, the counts and the certificate, never a file', async () => {
    const course = await createCourse(t.app, {
      name: 'Biology',
      language: 'hi',
      pricePaise: 99_900,
      offerPricePaise: 49_900,
      terms: [
        {
          name: 'Cells',
          subjects: [
            { name: 'The cell', fileType: 'pdf', questions: 10 },
            { name: 'Intro', fileType: 'youtube' },
          ],
        },
        {
          name: 'Plants',
          subjects: [
            { name: 'Leaves', fileType: 'video', questions: 12 },
            { name: 'Reading', fileType: 'link' },
          ],
        },
        { name: 'Coming soon', subjects: [] },
      ],
    });
    const res = await t.client.as(learner.token).get(`/course/${course.id}/curriculum`);
    expect(res.statusCode).toBe(200);
    const [cells, plants] = course.terms;
    expect(res.body.data).toEqual({
      course: expect.objectContaining({ id: course.id, name: 'Biology', price: 999, offer_price: 499, language: 'hi' }),
      language: 'hi',
      school: false,
      terms: [
        {
          id: cells!.id,
          name: 'Cells',
          chapters: [
            { id: cells!.subjects[0]!.id, name: 'The cell', file_type: 'pdf', has_quiz: true },
            { id: cells!.subjects[1]!.id, name: 'Intro', file_type: 'youtube', has_quiz: false },
          ],
        },
        {
          id: plants!.id,
          name: 'Plants',
          chapters: [
            { id: plants!.subjects[0]!.id, name: 'Leaves', file_type: 'video', has_quiz: true },
            { id: plants!.subjects[1]!.id, name: 'Reading', file_type: 'link', has_quiz: false },
          ],
        },
        { id: course.terms[2]!.id, name: 'Coming soon', chapters: [] },
      ],
      counts: { terms: 3, chapters: 4, quizzes: 2 },
      certificate: true,
      pass_mark_percent: 40,
    });
    // Neither storage keys nor URLs of the chapters' files.
    const text = JSON.stringify(res.body);
    for (const subject of course.terms.flatMap((term) => term.subjects)) expect(text).not.toContain(subject.fileRef);
    expect(text).not.toMatch(/file_url|file_ref|private\//);
  });

  it('gives no certificate for a course without a quiz', async () => {
    const course = await createCourse(t.app, { terms: [{ subjects: [{ fileType: 'pdf' }] }] });
    const res = await t.client.as(learner.token).get(`/course/${course.id}/curriculum`);
    expect(res.body.data).toMatchObject({ counts: { terms: 1, chapters: 1, quizzes: 0 }, certificate: false });
  });

  it('is 404 for unknown and unpublished courses, 422 for a bad id, and needs a verified learner', async () => {
    const draft = await createCourse(t.app, { isPublished: false });
    expect((await t.client.as(learner.token).get(`/course/${draft.id}/curriculum`)).body).toEqual({
      status: false,
      message: 'No such course.',
    });
    expect((await t.client.as(learner.token).get('/course/999999/curriculum')).statusCode).toBe(404);
    expect((await t.client.as(learner.token).get('/course/abc/curriculum')).statusCode).toBe(422);
    const course = await createCourse(t.app);
    expect((await t.client.get(`/course/${course.id}/curriculum`)).statusCode).toBe(401);
    const unverified = await createLearner(t.app, { verified: false });
    expect((await t.client.as(unverified.token).get(`/course/${course.id}/curriculum`)).statusCode).toBe(417);
  });

  it('shows a batch subject only to the learners of that batch, like GET /course/{id}', async () => {
    const mine = await createLearner(t.app);
    const formerPayer = await createLearner(t.app);
    const stranger = await createLearner(t.app);
    const batch = await createBatch(t.app, { learnerId: mine.id, feePaise: 50_000 });
    await createBatch(t.app, { learnerId: stranger.id });
    const subject = await createCourse(t.app, { batchId: batch.id });
    // Paid the fee of this batch, then picked another one: its subjects stay open to them.
    await createPaidPurchase(t.app, { userId: formerPayer.id, batchId: batch.id, amountPaise: 50_000 });
    await createBatch(t.app, { learnerId: formerPayer.id });

    for (const who of [mine, formerPayer]) {
      const res = await t.client.as(who.token).get(`/course/${subject.id}/curriculum`);
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toMatchObject({ school: true, course: { id: subject.id } });
      expect((await t.client.as(who.token).get(`/course/${subject.id}`)).statusCode).toBe(200);
    }
    for (const who of [stranger, learner]) {
      expect((await t.client.as(who.token).get(`/course/${subject.id}/curriculum`)).statusCode).toBe(404);
      expect((await t.client.as(who.token).get(`/course/${subject.id}`)).statusCode).toBe(404);
    }
  });

  it('answers in a fixed number of queries, whatever the size of the course', async () => {
    const small = await createCourse(t.app, { terms: [{ subjects: [{ questions: 1 }] }] });
    const big = await createCourse(t.app, {
      terms: Array.from({ length: 6 }, () => ({ subjects: Array.from({ length: 5 }, () => ({ questions: 1 })) })),
    });
    // Every query of this endpoint starts with db.select: counting those counts its round trips.
    const select = vi.spyOn(t.app.ctx.db, 'select');
    const count = async (id: number) => {
      select.mockClear();
      expect((await t.client.as(learner.token).get(`/course/${id}/curriculum`)).statusCode).toBe(200);
      return select.mock.calls.length;
    };
    expect(await count(big.id)).toBe(await count(small.id));
    expect(await count(small.id)).toBeGreaterThan(0);
    expect(await count(small.id)).toBeLessThanOrEqual(5);
    select.mockRestore();
  });
});

describe('course language', () => {
  it('is on every course item and filters GET /course and POST /course; an unknown language is 422', async () => {
    const hindi = await createCourse(t.app, { language: 'hi' });
    const malayalam = await createCourse(t.app, { language: 'ml' });
    const english = await createCourse(t.app);
    const ids = (list: { id: number }[]) => list.map((course) => course.id);

    const all = await t.client.as(learner.token).get('/course');
    expect(all.body.data.course.find((c: { id: number }) => c.id === malayalam.id).language).toBe('ml');
    const onlyHindi = await t.client.as(learner.token).get('/course?language=hi');
    expect(onlyHindi.statusCode).toBe(200);
    expect(ids(onlyHindi.body.data.course)).toContain(hindi.id);
    expect(ids(onlyHindi.body.data.course)).not.toContain(english.id);
    expect(onlyHindi.body.data.course.every((c: { language: string }) => c.language === 'hi')).toBe(true);

    const filtered = await t.client.as(learner.token).post('/course', { category: 0, language: 'ml' });
    expect(ids(filtered.body.data)).toEqual([malayalam.id]);
    expect((await t.client.as(learner.token).get(`/course/${english.id}`)).body.data.language).toBe('en');

    const bad = await t.client.as(learner.token).get('/course?language=fr');
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toMatchObject({ status: false, errors: { language: ['Invalid language.'] } });
    expect((await t.client.as(learner.token).post('/course', { category: 0, language: 'xx' })).statusCode).toBe(422);
  });

  it('is set by the operator console: English by default, one of en, hi, ml', async () => {
    const as = (await createAdmin(t.app)).token;
    const created = await t.client
      .as(as)
      .post('/admin/courses', { name: 'Grammar', price: 10, offer_price: 10, is_published: true });
    expect(created.body.data.language).toBe('en');
    const id = created.body.data.id;
    expect((await t.client.as(as).put(`/admin/courses/${id}`, { language: 'ml' })).body.data.language).toBe('ml');
    expect((await t.client.as(learner.token).get(`/course/${id}`)).body.data.language).toBe('ml');
    const bad = await t.client.as(as).put(`/admin/courses/${id}`, { language: 'Malayalam' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body.errors).toEqual({ language: ['Invalid language.'] });
    const hindi = await t.client
      .as(as)
      .post('/admin/courses', { name: 'Vyakaran', price: 10, offer_price: 10, language: 'hi' });
    expect(hindi.body.data.language).toBe('hi');
  });
});
