import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from '@app/db';
import { createTestApp, PRODUCTION_TEST_ENV, type TestApp } from '../../test/helpers.ts';
import { loadEnv } from '../env.ts';
import { describeSeedResult, seedDemoData, shouldSeedDemo } from './demo-seed.ts';

describe('demo seed through the API', () => {
  let t: TestApp;
  let summary: string;

  beforeAll(async () => {
    t = await createTestApp();
    summary = describeSeedResult(await seedDemoData(t.app.ctx));
  }, 60_000);
  afterAll(async () => t?.close());

  it('reports what it seeded', () => {
    expect(summary).toMatch(/^Demo data seeded: 9 courses, 36 chapters, \d{3} questions, 4 users, \d+ files\.$/);
  });

  it('lets the demo learner and the admin sign in with the published passwords', async () => {
    for (const account of [DEMO_LEARNER, DEMO_ADMIN]) {
      const res = await t.client.post('/login', { email: account.email, password: account.password });
      expect(res.statusCode, account.email).toBe(200);
      expect(res.body.data.token).toEqual(expect.any(String));
    }
    const wrong = await t.client.post('/login', { email: DEMO_LEARNER.email, password: 'Wrong@1234' });
    expect(wrong.statusCode).not.toBe(200);
  });

  it('offers the seeded syllabuses, standards and the CBSE Standard 10 batch with its subjects', async () => {
    const login = await t.client.post('/login', { email: DEMO_LEARNER.email, password: DEMO_LEARNER.password });
    const learner = t.client.as(login.body.data.token);
    const syllabuses = await learner.get('/syllabus');
    expect(syllabuses.body.data.map((s: { name: string }) => s.name)).toEqual(['CBSE', 'ICSE', 'Kerala State']);
    const cbse = syllabuses.body.data[0].id;
    const standards = await learner.get(`/standard/${cbse}`);
    expect(standards.body.data).toHaveLength(12);
    const tenth = standards.body.data.find((s: { name: string }) => s.name === 'Standard 10');
    const batch = await learner.get(`/batch/${cbse}/${tenth.id}`);
    expect(batch.statusCode).toBe(200);
    expect(batch.body.data.fee).toBe(499);
    expect(batch.body.data.subjects.map((s: { name: string }) => s.name)).toEqual([
      'CBSE Class 10 Mathematics',
      'CBSE Class 10 Science',
    ]);
  });

  it('stores the seeded files in the app storage', async () => {
    const image = await t.app.ctx.storage.get('seed/courses/coding-with-python.webp');
    expect(image?.size).toBeGreaterThan(1000);
    const pdf = await t.app.ctx.storage.get('private/seed/subjects/newtons-laws.pdf');
    expect(pdf?.size).toBeGreaterThan(1000);
  });

  it('seeds nothing the second time', async () => {
    expect(describeSeedResult(await seedDemoData(t.app.ctx))).toBe('Demo seed skipped: demo data was seeded before.');
  });
});

describe('shouldSeedDemo', () => {
  it('seeds in development only, unless SEED_DEMO says otherwise', () => {
    expect(shouldSeedDemo(loadEnv({}))).toBe(true);
    expect(shouldSeedDemo(loadEnv({ NODE_ENV: 'test' }))).toBe(false);
    expect(shouldSeedDemo(loadEnv({ ...PRODUCTION_TEST_ENV }))).toBe(false);
    expect(shouldSeedDemo(loadEnv({ ...PRODUCTION_TEST_ENV, SEED_DEMO: 'true' }))).toBe(true);
    expect(shouldSeedDemo(loadEnv({ SEED_DEMO: 'false' }))).toBe(false);
  });
});
