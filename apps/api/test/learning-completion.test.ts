import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { purchases, quizAttempts, subjectProgress } from '@app/db';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createCourse, createPaidPurchase, type CreatedCourse } from './catalogue-fixtures.ts';

let t: TestApp;
let course: CreatedCourse;
let ids: { video: number; pdf: number; youtube: number; link: number };

beforeAll(async () => {
  t = await createTestApp();
  // Four chapters, two of them with a quiz: 6 things to finish.
  course = await createCourse(t.app, {
    name: 'Chemistry',
    terms: [
      {
        name: 'Atoms',
        subjects: [
          { name: 'Lecture', fileType: 'video', questions: 3 },
          { name: 'Notes', fileType: 'pdf', questions: 3 },
        ],
      },
      {
        name: 'Bonds',
        subjects: [
          { name: 'Talk', fileType: 'youtube' },
          { name: 'Further', fileType: 'link' },
        ],
      },
    ],
  });
  const [atoms, bonds] = course.terms;
  ids = {
    video: atoms!.subjects[0]!.id,
    pdf: atoms!.subjects[1]!.id,
    youtube: bonds!.subjects[0]!.id,
    link: bonds!.subjects[1]!.id,
  };
});
afterAll(async () => t?.close());

async function buyer(): Promise<Learner> {
  const learner = await createLearner(t.app);
  await createPaidPurchase(t.app, { userId: learner.id, courseId: course.id });
  return learner;
}
const report = (learner: Learner, body: Record<string, unknown>) => t.client.as(learner.token).post('/progress', body);
const learnPercent = async (learner: Learner) =>
  (await t.client.as(learner.token).get('/learn')).body.data.course.find((c: { id: number }) => c.id === course.id)
    .progress_percent;
async function submitQuiz(learner: Learner, subjectId: number, percent: string) {
  await t.app.ctx.db.insert(quizAttempts).values({
    userId: learner.id,
    subjectId,
    questionIds: [],
    submittedAt: new Date(),
    totalMark: 0,
    markInPercentage: percent,
    result: [],
  });
}

describe('chapter completion', () => {
  it('a video is done at 90% watched, not when opened or seeked to the end', async () => {
    const learner = await buyer();
    const opened = await report(learner, { subject_id: ids.video });
    expect(opened.statusCode).toBe(200);
    expect(opened.body.data).toMatchObject({ studied_subject_ids: [ids.video], completed_subject_ids: [], percent: 0 });

    // Seeking to the end: a position, no watched seconds.
    const seeked = await report(learner, {
      subject_id: ids.video,
      position_seconds: 299,
      duration_seconds: 300,
      watched_seconds: 0,
    });
    expect(seeked.body.data).toMatchObject({ position_seconds: 299, completed_subject_ids: [] });

    for (let i = 0; i < 4; i++)
      await report(learner, {
        subject_id: ids.video,
        position_seconds: 60 * (i + 1),
        duration_seconds: 300,
        watched_seconds: 60,
      });
    expect((await t.client.as(learner.token).get(`/progress/${course.id}`)).body.data.completed_subject_ids).toEqual(
      [],
    ); // 240 s < 270 s
    const done = await report(learner, {
      subject_id: ids.video,
      position_seconds: 275.5,
      duration_seconds: 300,
      watched_seconds: 30.9,
    });
    expect(done.body.data).toMatchObject({
      completed_subject_ids: [ids.video],
      position_seconds: 275,
      total_subjects: 4,
      total_quizzes: 2,
    });
    expect(done.body.data.percent).toBe(16.67); // 1 of 6

    // Sticky: rewatching from the start does not undo it.
    const again = await report(learner, {
      subject_id: ids.video,
      position_seconds: 0,
      duration_seconds: 300,
      watched_seconds: 0,
    });
    expect(again.body.data.completed_subject_ids).toEqual([ids.video]);
  });

  it('caps watched seconds at the duration, so replayed or inflated deltas cannot exceed it', async () => {
    const learner = await buyer();
    await report(learner, { subject_id: ids.youtube, duration_seconds: 1000, watched_seconds: 600 });
    await report(learner, { subject_id: ids.youtube, duration_seconds: 1000, watched_seconds: 600 });
    const progress = await t.client.as(learner.token).get(`/progress/${course.id}`);
    expect(progress.body.data.completed_subject_ids).toEqual([ids.youtube]);
    const [row] = await t.app.ctx.db
      .select()
      .from(subjectProgress)
      .where(and(eq(subjectProgress.userId, learner.id), eq(subjectProgress.subjectId, ids.youtube)));
    expect(row).toMatchObject({ watchedSeconds: 1000, durationSeconds: 1000 });

    // Without a known duration nothing completes; the cap applies once it is known.
    const other = await buyer();
    await report(other, { subject_id: ids.video, watched_seconds: 600 });
    expect((await t.client.as(other.token).get(`/progress/${course.id}`)).body.data.completed_subject_ids).toEqual([]);
    const known = await report(other, { subject_id: ids.video, duration_seconds: 500, watched_seconds: 0 });
    expect(known.body.data.completed_subject_ids).toEqual([ids.video]);
  });

  it('a PDF is done on its last page or when marked; a link when opened', async () => {
    const learner = await buyer();
    const middle = await report(learner, { subject_id: ids.pdf, page: 3, page_count: 10 });
    expect(middle.body.data).toMatchObject({ last_subject_id: ids.pdf, page: 3, completed_subject_ids: [] });
    const last = await report(learner, { subject_id: ids.pdf, page: 10, page_count: 10 });
    expect(last.body.data).toMatchObject({ page: 10, completed_subject_ids: [ids.pdf] });
    const back = await report(learner, { subject_id: ids.pdf, page: 2, page_count: 10 });
    expect(back.body.data).toMatchObject({ page: 2, completed_subject_ids: [ids.pdf] });

    const marker = await buyer();
    const marked = await report(marker, { subject_id: ids.pdf, completed: true });
    expect(marked.body.data.completed_subject_ids).toEqual([ids.pdf]);

    const link = await report(marker, { subject_id: ids.link });
    expect(link.body.data.completed_subject_ids).toEqual([ids.pdf, ids.link].sort((a, b) => a - b));
    expect(link.body.data.percent).toBe(33.33);
  });

  it('refuses completed: true on a video (watching completes it)', async () => {
    const learner = await buyer();
    for (const subjectId of [ids.video, ids.youtube]) {
      const res = await report(learner, { subject_id: subjectId, completed: true });
      expect(res.statusCode).toBe(422);
      expect(res.body.errors.completed).toEqual([
        'A video is done once 90% of it is watched; it cannot be marked as done.',
      ]);
    }
  });

  it('counts passed quizzes (at the 40% pass mark), not failed ones, in the course percent and on My Courses', async () => {
    const learner = await buyer();
    await submitQuiz(learner, ids.video, '30.00');
    let progress = (await t.client.as(learner.token).get(`/progress/${course.id}`)).body.data;
    expect(progress).toMatchObject({ passed_quiz_subject_ids: [], percent: 0 });
    await submitQuiz(learner, ids.pdf, '40.00');
    progress = (await t.client.as(learner.token).get(`/progress/${course.id}`)).body.data;
    expect(progress).toMatchObject({ passed_quiz_subject_ids: [ids.pdf], total_quizzes: 2, percent: 16.67 });
    expect(await learnPercent(learner)).toBe(16.67);

    // Everything: 4 chapters and 2 quizzes.
    await t.app.ctx.db
      .update(quizAttempts)
      .set({ markInPercentage: '80.00' })
      .where(eq(quizAttempts.userId, learner.id));
    await report(learner, { subject_id: ids.video, duration_seconds: 100, watched_seconds: 95 });
    await report(learner, { subject_id: ids.youtube, duration_seconds: 100, watched_seconds: 90 });
    await report(learner, { subject_id: ids.pdf, completed: true });
    const all = await report(learner, { subject_id: ids.link });
    expect(all.body.data).toMatchObject({
      percent: 100,
      studied_subject_ids: Object.values(ids).sort((a, b) => a - b),
    });
    expect(await learnPercent(learner)).toBe(100);
  });

  it('My Courses percent equals GET /progress percent across several courses', async () => {
    const learner = await buyer();
    const second = await createCourse(t.app, {
      terms: [{ subjects: [{ fileType: 'link' }, { fileType: 'link' }, { fileType: 'pdf' }] }],
    });
    await createPaidPurchase(t.app, { userId: learner.id, courseId: second.id });
    await report(learner, { subject_id: second.terms[0]!.subjects[0]!.id });
    await report(learner, { subject_id: ids.link });
    const learn = (await t.client.as(learner.token).get('/learn')).body.data.course;
    for (const item of learn as { id: number; progress_percent: number }[]) {
      const progress = (await t.client.as(learner.token).get(`/progress/${item.id}`)).body.data;
      expect(item.progress_percent, `course ${item.id}`).toBe(progress.percent);
    }
    expect(learn.map((c: { progress_percent: number }) => c.progress_percent).sort()).toEqual([16.67, 33.33]);
  });

  it('keeps the old body working: opening and a position alone', async () => {
    const learner = await buyer();
    const res = await report(learner, { subject_id: ids.video, position_seconds: 42 });
    expect(res.body.data).toMatchObject({
      position_seconds: 42,
      studied_subject_ids: [ids.video],
      completed_subject_ids: [],
      percent: 0,
    });
    const reopened = await report(learner, { subject_id: ids.video });
    expect(reopened.body.data.position_seconds).toBe(42);
  });
});

describe('bad input and access', () => {
  it('answers 422 with field errors, never 500', async () => {
    const learner = await buyer();
    const bodies: [Record<string, unknown>, string][] = [
      [{ subject_id: ids.pdf, page: 11, page_count: 10 }, 'page'],
      [{ subject_id: ids.pdf, page: 0, page_count: 10 }, 'page'],
      [{ subject_id: ids.pdf, page: 2 }, 'page_count'],
      [{ subject_id: ids.pdf, page: 1.5, page_count: 3 }, 'page'],
      [{ subject_id: ids.pdf, page: 1, page_count: 1e12 }, 'page_count'],
      [{ subject_id: ids.video, watched_seconds: -1 }, 'watched_seconds'],
      [{ subject_id: ids.video, watched_seconds: 601 }, 'watched_seconds'],
      [{ subject_id: ids.video, watched_seconds: '10' }, 'watched_seconds'],
      [{ subject_id: ids.video, duration_seconds: 1e300 }, 'duration_seconds'],
      [{ subject_id: ids.video, duration_seconds: -5 }, 'duration_seconds'],
      [{ subject_id: ids.video, position_seconds: 'end' }, 'position_seconds'],
      [{ subject_id: ids.pdf, completed: false }, 'completed'],
      [{ subject_id: ids.pdf, completed: 'yes' }, 'completed'],
      [{ subject_id: 'x' }, 'subject_id'],
      [{ subject_id: 1e20 }, 'subject_id'],
    ];
    for (const [body, field] of bodies) {
      const res = await report(learner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.body.status).toBe(false);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
  });

  it('answers 403 for a course the learner has not bought', async () => {
    const stranger = await createLearner(t.app);
    expect(
      (await report(stranger, { subject_id: ids.video, watched_seconds: 10, duration_seconds: 20 })).statusCode,
    ).toBe(403);
    expect((await t.client.as(stranger.token).get(`/progress/${course.id}`)).statusCode).toBe(403);
  });
});

describe('GET /continue', () => {
  it('is null for a new learner, then the chapter studied last with its place and the course percent', async () => {
    const learner = await buyer();
    const empty = await t.client.as(learner.token).get('/continue');
    expect(empty.statusCode).toBe(200);
    expect(empty.body.data).toBeNull();

    await report(learner, { subject_id: ids.video, position_seconds: 80, duration_seconds: 100, watched_seconds: 95 });
    t.clock.advance(1_000);
    await report(learner, { subject_id: ids.pdf, page: 4, page_count: 9 });
    const res = await t.client.as(learner.token).get('/continue');
    expect(res.body.data).toEqual({
      course_id: course.id,
      course_name: 'Chemistry',
      term_id: course.terms[0]!.id,
      subject_id: ids.pdf,
      subject_name: 'Notes',
      file_type: 'pdf',
      position_seconds: 0,
      page: 4,
      percent: 16.67,
    });
    t.clock.advance(1_000);
    await report(learner, { subject_id: ids.video, position_seconds: 81 });
    expect((await t.client.as(learner.token).get('/continue')).body.data).toMatchObject({
      subject_id: ids.video,
      position_seconds: 81,
      file_type: 'video',
    });
  });

  it('skips a course whose purchase was refunded', async () => {
    const learner = await createLearner(t.app);
    const other = await createCourse(t.app, {
      name: 'Physics',
      terms: [{ subjects: [{ fileType: 'link', name: 'Waves' }] }],
    });
    await createPaidPurchase(t.app, { userId: learner.id, courseId: other.id });
    const chemistry = await createPaidPurchase(t.app, { userId: learner.id, courseId: course.id });
    await report(learner, { subject_id: other.terms[0]!.subjects[0]!.id });
    t.clock.advance(1_000);
    await report(learner, { subject_id: ids.link });
    expect((await t.client.as(learner.token).get('/continue')).body.data).toMatchObject({
      course_id: course.id,
      subject_name: 'Further',
    });

    await t.app.ctx.db
      .update(purchases)
      .set({ status: 'refunded', refundedAt: new Date() })
      .where(eq(purchases.id, chemistry.id));
    expect((await t.client.as(learner.token).get('/continue')).body.data).toMatchObject({
      course_id: other.id,
      course_name: 'Physics',
      subject_name: 'Waves',
      percent: 100,
    });
  });

  it('needs a signed-in, verified learner', async () => {
    expect((await t.client.get('/continue')).statusCode).toBe(401);
    const unverified = await createLearner(t.app, { verified: false });
    expect((await t.client.as(unverified.token).get('/continue')).statusCode).toBe(417);
  });
});
