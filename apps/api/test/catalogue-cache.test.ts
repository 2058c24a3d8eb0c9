import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, users } from '@app/db';
import { API_PREFIX } from '../src/app.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createAdmin } from './admin-fixtures.ts';
import { createBatch, createCourse } from './catalogue-fixtures.ts';

/**
 * GET /course served from the course-list cache (decision 025): the same bytes as the route builds,
 * one answer per batch, a strong ETag and 304 on revalidation, and a new answer after any write to
 * the catalogue, from the console or from SQL.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** GET /course as sent on the wire: status, raw body and the caching headers. */
async function courseList(learner: Learner, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API_PREFIX}/course`,
    headers: { authorization: `Bearer ${learner.token}`, ...headers },
  });
  return {
    status: res.statusCode,
    body: res.body,
    etag: res.headers.etag as string | undefined,
    cacheControl: res.headers['cache-control'],
    type: res.headers['content-type'],
  };
}

describe('catalogue cache', () => {
  it('serves the same bytes from the cache as from the database, to every learner of the batch', async () => {
    const batch = await createBatch(t.app);
    await createCourse(t.app, { name: 'Open course' });
    await createCourse(t.app, { name: 'Batch subject', batchId: batch.id });
    const [first, second] = [await createLearner(t.app), await createLearner(t.app)];
    await t.app.ctx.db
      .update(users)
      .set({ syllabusId: batch.syllabusId, standardId: batch.standardId })
      .where(inArray(users.id, [first.id, second.id]));

    const fromDatabase = await courseList(first);
    expect(fromDatabase.status).toBe(200);
    expect(fromDatabase.type).toBe('application/json; charset=utf-8');
    expect(fromDatabase.etag).toMatch(/^"[\w-]+"$/);
    expect(fromDatabase.cacheControl).toBe('private, no-cache');
    const body = JSON.parse(fromDatabase.body);
    expect(body.data.school.map((c: { name: string }) => c.name)).toEqual(['Batch subject']);

    const fromCache = await courseList(first);
    const otherLearner = await courseList(second);
    for (const answer of [fromCache, otherLearner]) {
      expect(answer).toEqual(fromDatabase);
    }
  });

  it('answers 304 without a body to a matching If-None-Match, and 200 to a stale one', async () => {
    const learner = await createLearner(t.app);
    const fresh = await courseList(learner);
    expect(fresh.status).toBe(200);
    for (const ifNoneMatch of [fresh.etag!, `W/${fresh.etag}`, `"other", ${fresh.etag}`, '*']) {
      const revalidated = await courseList(learner, { 'if-none-match': ifNoneMatch });
      expect(revalidated.status, ifNoneMatch).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.etag).toBe(fresh.etag);
    }
    const stale = await courseList(learner, { 'if-none-match': '"something-else"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toBe(fresh.body);

    // A catalogue write that leaves this list as it was (a draft) empties the cache: the list is read
    // again, and still answered 304 since its bytes, hence its ETag, are the same.
    await createCourse(t.app, { isPublished: false });
    const reread = await courseList(learner, { 'if-none-match': fresh.etag! });
    expect(reread.status).toBe(304);
    expect(reread.body).toBe('');
    expect(reread.etag).toBe(fresh.etag);
  });

  it('shows a course edited in the console on the next request, with a new ETag', async () => {
    const admin = await createAdmin(t.app);
    const learner = await createLearner(t.app);
    const course = await createCourse(t.app, { name: 'Before the edit' });
    const before = await courseList(learner);
    expect(before.body).toContain('Before the edit');
    expect((await courseList(learner, { 'if-none-match': before.etag! })).status).toBe(304);

    const edited = await t.client.as(admin.token).put(`/admin/courses/${course.id}`, { name: 'After the edit' });
    expect(edited.statusCode, JSON.stringify(edited.body)).toBe(200);
    const after = await courseList(learner, { 'if-none-match': before.etag! });
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect(after.body).toContain('After the edit');
    expect(after.body).not.toContain('Before the edit');

    const hidden = await t.client.as(admin.token).put(`/admin/courses/${course.id}`, { is_published: false });
    expect(hidden.statusCode).toBe(200);
    expect((await courseList(learner)).body).not.toContain('After the edit');
  });

  it('sees catalogue writes made outside any request: a course published and a batch subject added by SQL', async () => {
    const learner = await createLearner(t.app);
    const batch = await createBatch(t.app, { learnerId: learner.id });
    const draft = await createCourse(t.app, { name: 'Draft by SQL', isPublished: false });
    expect((await courseList(learner)).body).not.toContain('Draft by SQL');
    await t.app.ctx.db.update(courses).set({ isPublished: true }).where(eq(courses.id, draft.id));
    expect((await courseList(learner)).body).toContain('Draft by SQL');
    const subject = await createCourse(t.app, { name: 'New batch subject', batchId: batch.id });
    const school = JSON.parse((await courseList(learner)).body).data.school;
    expect(school.map((c: { id: number }) => c.id)).toEqual([subject.id]);
  });

  it('keeps one answer per course language', async () => {
    const learner = await createLearner(t.app);
    await createCourse(t.app, { name: 'Hindi course', language: 'hi' });
    const all = await courseList(learner);
    const hindi = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/course?language=hi`,
      headers: { authorization: `Bearer ${learner.token}` },
    });
    const hindiBody = JSON.parse(hindi.body).data;
    expect(hindiBody.course.every((c: { language: string }) => c.language === 'hi')).toBe(true);
    expect(hindi.headers.etag).not.toBe(all.etag);
    expect((await courseList(learner)).body).toBe(all.body);
  });
});
