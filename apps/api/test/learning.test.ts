import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { certificates, purchases } from '@app/db';
import { hi } from '@app/contracts/i18n/hi';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createBatch, createCourse, createPaidPurchase, type CreatedCourse } from './catalogue-fixtures.ts';
import { signSubjectFileUrl } from '../src/services/learning/subject-file-url.ts';

let t: TestApp;
let buyer: Learner;
let stranger: Learner;
let course: CreatedCourse;
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2_000, 0x20)]);
const mp4 = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createLearner(t.app);
  stranger = await createLearner(t.app);
  course = await createCourse(t.app, {
    name: 'Biology',
    terms: [
      {
        name: 'Cells',
        subjects: [
          { name: 'Reading', fileType: 'pdf', file: pdf },
          { name: 'Lecture', fileType: 'video', file: mp4 },
        ],
      },
      {
        name: 'Plants',
        subjects: [
          { name: 'Talk', fileType: 'youtube', fileRef: 'https://www.youtube.com/embed/abc123' },
          { name: 'More', fileType: 'link', fileRef: 'https://example.com/plants' },
        ],
      },
    ],
  });
  await createPaidPurchase(t.app, { userId: buyer.id, courseId: course.id });
});
afterAll(async () => t?.close());

const subjectsOf = async (learner: Learner, termId: number) =>
  t.client.as(learner.token).get(`/term-subjects/${termId}`);

describe('GET /learn', () => {
  it('lists purchased courses with certificate and progress; nothing for a learner without purchases', async () => {
    const res = await t.client.as(buyer.token).get('/learn');
    expect(res.statusCode).toBe(200);
    expect(res.body.data.school).toEqual([]);
    expect(res.body.data.course).toEqual([
      expect.objectContaining({
        id: course.id,
        name: 'Biology',
        certificate_id: null,
        certificate_url: null,
        progress_percent: 0,
      }),
    ]);
    expect((await t.client.as(stranger.token).get('/learn')).body.data).toEqual({ course: [], school: [] });

    await t.app.ctx.db.insert(certificates).values({
      id: 'abc123',
      userId: buyer.id,
      courseId: course.id,
      holderName: 'Asha Verma',
      courseName: 'Certified course',
      issuedAt: new Date(),
    });
    const withCertificate = await t.client.as(buyer.token).get('/learn');
    expect(withCertificate.body.data.course[0]).toMatchObject({
      certificate_id: 'abc123',
      certificate_url: 'http://localhost:3000/certificate/abc123',
    });
  });

  it('does not list pending, failed or refunded purchases', async () => {
    const learner = await createLearner(t.app);
    for (const status of ['pending', 'failed', 'refunded']) {
      const other = await createCourse(t.app);
      await t.app.ctx.db.insert(purchases).values({
        userId: learner.id,
        courseId: other.id,
        pricePaise: 100,
        amountPaise: 100,
        status,
        provider: 'sandbox',
      });
    }
    expect((await t.client.as(learner.token).get('/learn')).body.data.course).toEqual([]);
  });
});

describe('course content is for buyers', () => {
  it('gives buyers the terms in order with their subjects', async () => {
    const res = await t.client.as(buyer.token).get(`/terms/${course.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.map((term: { name: string }) => term.name)).toEqual(['Cells', 'Plants']);
    expect(res.body.data[0]).toEqual({
      id: course.terms[0]!.id,
      name: 'Cells',
      about: '',
      photo_path: null,
      termSubjects: [
        { id: course.terms[0]!.subjects[0]!.id, name: 'Reading', about: '', photo_path: null, file_type: 'pdf' },
        { id: course.terms[0]!.subjects[1]!.id, name: 'Lecture', about: '', photo_path: null, file_type: 'video' },
      ],
    });
  });

  it('answers 403 to a learner who has not bought the course, 404 for unknown ids', async () => {
    for (const path of [`/terms/${course.id}`, `/term-subjects/${course.terms[0]!.id}`, `/progress/${course.id}`]) {
      const res = await t.client.as(stranger.token).get(path);
      expect(res.statusCode, path).toBe(403);
      expect(res.body).toEqual({ status: false, message: 'Buy this course to open it.' });
    }
    expect(
      (await t.client.as(stranger.token).post('/progress', { subject_id: course.terms[0]!.subjects[0]!.id }))
        .statusCode,
    ).toBe(403);
    expect((await t.client.as(buyer.token).get('/terms/999999')).statusCode).toBe(404);
    expect((await t.client.as(buyer.token).get('/term-subjects/999999')).statusCode).toBe(404);
    const draft = await createCourse(t.app, { isPublished: false });
    expect((await t.client.as(stranger.token).get(`/terms/${draft.id}`)).statusCode).toBe(404);
    expect((await t.client.get(`/terms/${course.id}`)).statusCode).toBe(401);
  });

  it('gives youtube and link subjects their URL and files a signed link that serves the buyer', async () => {
    const cells = await subjectsOf(buyer, course.terms[0]!.id);
    expect(cells.statusCode).toBe(200);
    const [reading, lecture] = cells.body.data;
    expect(reading.file_url).toMatch(
      new RegExp(`^/live-connect/api/files/subjects/${reading.id}\\?u=${buyer.id}&e=\\d+&s=[0-9a-f]{64}$`),
    );
    const plants = await subjectsOf(buyer, course.terms[1]!.id);
    expect(plants.body.data.map((s: { file_url: string }) => s.file_url)).toEqual([
      'https://www.youtube.com/embed/abc123',
      'https://example.com/plants',
    ]);

    // No bearer token: frames and video tags cannot send one.
    const file = await t.app.inject({ method: 'GET', url: reading.file_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const whole = await t.app.inject({ method: 'GET', url: lecture.file_url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(10_000);
    const seek = await t.app.inject({ method: 'GET', url: lecture.file_url, headers: { range: 'bytes=5000-5099' } });
    expect(seek.statusCode).toBe(206);
    expect(seek.headers['content-range']).toBe('bytes 5000-5099/10000');
    expect(seek.rawPayload.equals(mp4.subarray(5000, 5100))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: lecture.file_url, headers: { range: 'bytes=-10' } });
    expect(tail.headers['content-range']).toBe('bytes 9990-9999/10000');
    const open = await t.app.inject({ method: 'GET', url: lecture.file_url, headers: { range: 'bytes=9000-' } });
    expect(open.rawPayload.length).toBe(1_000);
    const outside = await t.app.inject({ method: 'GET', url: lecture.file_url, headers: { range: 'bytes=20000-' } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */10000');
    expect(JSON.parse(outside.payload)).toEqual({ status: false, message: 'Range Not Satisfiable' });
    // HTTP's answer to the Range header keeps its status in every language; its message is translated.
    const hindi = await t.app.inject({
      method: 'GET',
      url: lecture.file_url,
      headers: { range: 'bytes=20000-', 'accept-language': 'hi' },
    });
    expect(hindi.statusCode).toBe(416);
    expect(JSON.parse(hindi.payload).message).toBe(hi.messages.common.rangeNotSatisfiable);
  });

  it('refuses file links that are altered, forged, expired, or held by someone who has not bought', async () => {
    const reading = (await subjectsOf(buyer, course.terms[0]!.id)).body.data[0];
    const url = new URL(reading.file_url, 'http://x');
    const variants: Record<string, string> = {
      'another user id': reading.file_url.replace(`u=${buyer.id}`, `u=${stranger.id}`),
      'later expiry': reading.file_url.replace(/e=(\d+)/, (_: string, e: string) => `e=${Number(e) + 600}`),
      'other subject': reading.file_url.replace(
        `/subjects/${reading.id}`,
        `/subjects/${course.terms[0]!.subjects[1]!.id}`,
      ),
      'forged signature': reading.file_url.replace(/s=[0-9a-f]+/, `s=${'0'.repeat(64)}`),
      'no signature': `${url.pathname}?u=${buyer.id}&e=${url.searchParams.get('e')}`,
      'bare path': url.pathname,
    };
    for (const [name, variant] of Object.entries(variants)) {
      const res = await t.app.inject({ method: 'GET', url: variant });
      expect(res.statusCode, name).toBe(403);
    }

    // A genuinely signed link for a learner who has not bought opens nothing.
    const strangers = signSubjectFileUrl(t.app.ctx.env, {
      apiPrefix: '/live-connect/api',
      subjectId: reading.id,
      userId: stranger.id,
      now: new Date(),
    });
    expect((await t.app.inject({ method: 'GET', url: strangers })).statusCode).toBe(403);

    // Two hours on, the buyer's own link has expired.
    t.clock.advance(2 * 3_600_000 + 11 * 60_000);
    try {
      expect((await t.app.inject({ method: 'GET', url: reading.file_url })).statusCode).toBe(403);
    } finally {
      t.clock.advance(-(2 * 3_600_000 + 11 * 60_000));
    }
  });

  it('closes the links when the purchase is refunded', async () => {
    const learner = await createLearner(t.app);
    const paid = await createPaidPurchase(t.app, { userId: learner.id, courseId: course.id });
    const reading = (await subjectsOf(learner, course.terms[0]!.id)).body.data[0];
    expect((await t.app.inject({ method: 'GET', url: reading.file_url })).statusCode).toBe(200);
    await t.app.ctx.db
      .update(purchases)
      .set({ status: 'refunded', refundedAt: new Date() })
      .where(eq(purchases.id, paid.id));
    expect((await t.app.inject({ method: 'GET', url: reading.file_url })).statusCode).toBe(403);
    expect((await subjectsOf(learner, course.terms[0]!.id)).statusCode).toBe(403);
  });

  it('opens a school batch course to a learner who paid the batch fee', async () => {
    const learner = await createLearner(t.app);
    const batch = await createBatch(t.app, { learnerId: learner.id, feePaise: 10_000 });
    const schoolCourse = await createCourse(t.app, {
      batchId: batch.id,
      terms: [{ subjects: [{ fileType: 'pdf', file: pdf }] }],
    });
    expect((await t.client.as(learner.token).get(`/terms/${schoolCourse.id}`)).statusCode).toBe(403);
    await createPaidPurchase(t.app, { userId: learner.id, batchId: batch.id, amountPaise: 10_000 });
    expect((await t.client.as(learner.token).get(`/terms/${schoolCourse.id}`)).statusCode).toBe(200);
    const learn = await t.client.as(learner.token).get('/learn');
    expect(learn.body.data.school.map((c: { id: number }) => c.id)).toEqual([schoolCourse.id]);
    // Each subject course of the batch has its own certificate.
    await t.app.ctx.db.insert(certificates).values({
      id: 'def456',
      userId: learner.id,
      courseId: schoolCourse.id,
      holderName: 'Ravi Kumar',
      courseName: 'Certified subject',
      issuedAt: new Date(),
    });
    expect((await t.client.as(learner.token).get('/learn')).body.data.school[0]).toMatchObject({
      id: schoolCourse.id,
      certificate_id: 'def456',
    });
    const [subject] = (await subjectsOf(learner, schoolCourse.terms[0]!.id)).body.data;
    expect((await t.app.inject({ method: 'GET', url: subject.file_url })).statusCode).toBe(200);
  });
});

describe('progress', () => {
  it('lists opened subjects (opening is not finishing), keeps the video position and the last place', async () => {
    const learner = await createLearner(t.app);
    await createPaidPurchase(t.app, { userId: learner.id, courseId: course.id });
    const [reading, lecture] = course.terms[0]!.subjects;
    const [talk] = course.terms[1]!.subjects;

    const start = await t.client.as(learner.token).get(`/progress/${course.id}`);
    expect(start.body.data).toEqual({
      course_id: course.id,
      last_subject_id: null,
      last_term_id: null,
      position_seconds: 0,
      page: null,
      studied_subject_ids: [],
      completed_subject_ids: [],
      passed_quiz_subject_ids: [],
      total_subjects: 4,
      total_quizzes: 0,
      percent: 0,
    });

    await t.client.as(learner.token).post('/progress', { subject_id: reading!.id });
    t.clock.advance(1_000);
    const watched = await t.client
      .as(learner.token)
      .post('/progress', { subject_id: lecture!.id, position_seconds: 125.7 });
    expect(watched.statusCode).toBe(200);
    expect(watched.body.data).toMatchObject({
      last_subject_id: lecture!.id,
      last_term_id: course.terms[0]!.id,
      position_seconds: 125,
      percent: 0,
    });

    t.clock.advance(1_000);
    const third = await t.client.as(learner.token).post('/progress', { subject_id: talk!.id });
    expect(third.body.data).toMatchObject({ last_subject_id: talk!.id, last_term_id: course.terms[1]!.id, percent: 0 });
    expect(third.body.data.studied_subject_ids).toEqual([reading!.id, lecture!.id, talk!.id].sort((a, b) => a - b));

    // Reopening the video without a position resumes where it was.
    t.clock.advance(1_000);
    const resumed = await t.client.as(learner.token).post('/progress', { subject_id: lecture!.id });
    expect(resumed.body.data).toMatchObject({ last_subject_id: lecture!.id, position_seconds: 125, percent: 0 });

    const learn = await t.client.as(learner.token).get('/learn');
    expect(learn.body.data.course.find((c: { id: number }) => c.id === course.id).progress_percent).toBe(0);
  });

  it('rounds to two decimals and refuses bad input', async () => {
    const learner = await createLearner(t.app);
    // Link chapters are done once opened.
    const three = await createCourse(t.app, {
      terms: [{ subjects: [{ fileType: 'link' }, { fileType: 'link' }, { fileType: 'link' }] }],
    });
    await createPaidPurchase(t.app, { userId: learner.id, courseId: three.id });
    const res = await t.client.as(learner.token).post('/progress', { subject_id: three.terms[0]!.subjects[0]!.id });
    expect(res.body.data.percent).toBe(33.33);
    const two = await t.client.as(learner.token).post('/progress', { subject_id: three.terms[0]!.subjects[1]!.id });
    expect(two.body.data.percent).toBe(66.67);

    for (const body of [
      {},
      { subject_id: 'x' },
      { subject_id: three.terms[0]!.subjects[0]!.id, position_seconds: -1 },
    ]) {
      const bad = await t.client.as(learner.token).post('/progress', body);
      expect(bad.statusCode).toBe(422);
      expect(bad.body.status).toBe(false);
    }
    expect((await t.client.as(learner.token).post('/progress', { subject_id: 999_999 })).statusCode).toBe(404);
  });
});
