import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createAd, createBatch, createCategory, createCourse } from './catalogue-fixtures.ts';

let t: TestApp;
let learner: Learner;

beforeAll(async () => {
  t = await createTestApp();
  learner = await createLearner(t.app);
});
afterAll(async () => t?.close());

describe('catalogue', () => {
  it('lists categories by name', async () => {
    const b = await createCategory(t.app, 'Zoology');
    const a = await createCategory(t.app, 'Algebra');
    const res = await t.client.as(learner.token).get('/category');
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(true);
    const names = res.body.data.map((c: { name: string }) => c.name);
    expect(names.indexOf('Algebra')).toBeLessThan(names.indexOf('Zoology'));
    expect(res.body.data).toContainEqual({ id: a.id, name: 'Algebra' });
    expect(res.body.data).toContainEqual({ id: b.id, name: 'Zoology' });
  });

  it('gives the open catalogue and the learner batch subjects in the spec shape, prices in rupees', async () => {
    const category = await createCategory(t.app);
    const open = await createCourse(t.app, {
      name: 'Physics',
      categoryId: category.id,
      pricePaise: 99_900,
      offerPricePaise: 49_950,
      photoPath: 'courses/physics.png',
      videoPath: 'https://cdn.example.com/demo.mp4',
    });
    const hidden = await createCourse(t.app, { name: 'Draft', isPublished: false });
    const me = await createLearner(t.app);
    const batch = await createBatch(t.app, { learnerId: me.id });
    const otherBatch = await createBatch(t.app);
    const school = await createCourse(t.app, { name: 'Class 9 Maths', batchId: batch.id, photoPath: null });
    const otherSchool = await createCourse(t.app, { name: 'Other batch', batchId: otherBatch.id });
    const unpublishedSchool = await createCourse(t.app, { batchId: batch.id, isPublished: false });

    const res = await t.client.as(me.token).get('/course');
    expect(res.statusCode).toBe(200);
    const courseIds = res.body.data.course.map((c: { id: number }) => c.id);
    expect(courseIds).toContain(open.id);
    expect(courseIds).not.toContain(hidden.id);
    expect(courseIds).not.toContain(school.id);
    expect(res.body.data.course.find((c: { id: number }) => c.id === open.id)).toEqual({
      id: open.id,
      name: 'Physics',
      photo_path: '/media/courses/physics.png',
      price: 999,
      offer_price: 499.5,
      about: 'About this course',
      video_path: 'https://cdn.example.com/demo.mp4',
      category_id: category.id,
      language: 'en',
    });
    const schoolIds = res.body.data.school.map((c: { id: number }) => c.id);
    expect(schoolIds).toEqual([school.id]);
    expect(schoolIds).not.toContain(otherSchool.id);
    expect(schoolIds).not.toContain(unpublishedSchool.id);
    expect(res.body.data.school[0].photo_path).toBeNull();

    // A learner without a batch has no school section.
    const none = await t.client.as(learner.token).get('/course');
    expect(none.body.data.school).toEqual([]);
  });

  it('filters by category; 0, null and "all" mean every category', async () => {
    const science = await createCategory(t.app);
    const arts = await createCategory(t.app);
    const s1 = await createCourse(t.app, { categoryId: science.id });
    const a1 = await createCourse(t.app, { categoryId: arts.id });
    await createCourse(t.app, { categoryId: arts.id, isPublished: false });

    const onlyScience = await t.client.as(learner.token).post('/course', { category: science.id });
    expect(onlyScience.statusCode).toBe(200);
    expect(onlyScience.body.data.map((c: { id: number }) => c.id)).toEqual([s1.id]);
    const asString = await t.client.as(learner.token).post('/course', { category: String(arts.id) });
    expect(asString.body.data.map((c: { id: number }) => c.id)).toEqual([a1.id]);

    for (const all of [0, null, 'all', 'ALL', '']) {
      const res = await t.client.as(learner.token).post('/course', { category: all });
      expect(res.statusCode).toBe(200);
      const ids = res.body.data.map((c: { id: number }) => c.id);
      expect(ids).toEqual(expect.arrayContaining([s1.id, a1.id]));
    }
    const unknown = await t.client.as(learner.token).post('/course', { category: 999_999 });
    expect(unknown.body.data).toEqual([]);
    const bad = await t.client.as(learner.token).post('/course', { category: 'physics' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toMatchObject({
      status: false,
      message: 'Invalid category.',
      errors: { category: ['Invalid category.'] },
    });
  });

  it('shows one published course; unpublished and unknown ones are 404', async () => {
    const course = await createCourse(t.app, { pricePaise: 10_000, offerPricePaise: 10_000 });
    const draft = await createCourse(t.app, { isPublished: false });
    const res = await t.client.as(learner.token).get(`/course/${course.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ id: course.id, price: 100, offer_price: 100 });
    expect((await t.client.as(learner.token).get(`/course/${draft.id}`)).statusCode).toBe(404);
    expect((await t.client.as(learner.token).get('/course/999999')).body).toEqual({
      status: false,
      message: 'No such course.',
    });
    expect((await t.client.as(learner.token).get('/course/abc')).statusCode).toBe(422);
  });

  it('needs a signed-in, verified learner', async () => {
    expect((await t.client.get('/course')).statusCode).toBe(401);
    const unverified = await createLearner(t.app, { verified: false });
    expect((await t.client.as(unverified.token).get('/course')).statusCode).toBe(417);
  });
});

describe('ads', () => {
  it('answers url null without an ad, then the newest active ad as a media path', async () => {
    // No other test of this file writes ads.
    expect((await t.client.as(learner.token).get('/ads')).body.data).toEqual({ url: null });
    await createAd(t.app, 'ads/old.png', { createdAt: new Date(Date.now() - 60_000) });
    await createAd(t.app, 'ads/new.png');
    await createAd(t.app, 'ads/off.png', { isActive: false, createdAt: new Date(Date.now() + 60_000) });
    const res = await t.client.as(learner.token).get('/ads');
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ url: '/media/ads/new.png' });
    await createAd(t.app, 'https://cdn.example.com/banner.jpg', { createdAt: new Date(Date.now() + 120_000) });
    expect((await t.client.as(learner.token).get('/ads')).body.data.url).toBe('https://cdn.example.com/banner.jpg');
  });
});

describe('GET /media/<key>', () => {
  it('serves public images and videos with their type, nosniff and a long cache, to anyone', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await t.app.ctx.storage.put('courses/cover.png', png, 'image/png');
    const res = await t.app.inject({ method: 'GET', url: '/media/courses/cover.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.rawPayload.equals(png)).toBe(true);

    const video = Buffer.alloc(1000, 7);
    await t.app.ctx.storage.put('courses/demo.mp4', video, 'video/mp4');
    const part = await t.app.inject({
      method: 'GET',
      url: '/media/courses/demo.mp4',
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.length).toBe(100);
  });

  it('never serves chapter files, private keys, other kinds of file or paths outside storage', async () => {
    const course = await createCourse(t.app, {
      terms: [{ subjects: [{ fileType: 'video', fileRef: 'chapters/lesson.mp4', file: Buffer.alloc(10, 1) }] }],
    });
    expect(course.id).toBeGreaterThan(0);
    await t.app.ctx.storage.put('private/subjects/x.mp4', Buffer.alloc(10), 'video/mp4');
    await t.app.ctx.storage.put('notes/readme.html', Buffer.from('<script>alert(1)</script>'), 'text/html');
    for (const url of [
      '/media/chapters/lesson.mp4',
      '/media/private/subjects/x.mp4',
      '/media/notes/readme.html',
      '/media/../../etc/passwd.png',
      '/media/missing.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ status: false });
    }
  });
});
