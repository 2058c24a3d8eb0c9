import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner } from './fixtures.ts';

describe('server basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health and readiness', async () => {
    expect((await t.client.get('/healthz')).statusCode).toBe(200);
    expect((await t.client.get('/readyz')).body).toEqual({ status: 'ok' });
  });

  it('refuses a non-GET request without the XSRF header', async () => {
    const res = await t.client.post('/login', {}, { 'x-xsrf-token': 'other' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual({ status: false, message: 'CSRF token mismatch.' });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.client.get('/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.body.status).toBe(false);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.client.get('/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
  });

  it('creates fixture learners with working tokens', async () => {
    const learner = await createLearner(t.app);
    expect(learner.token).toHaveLength(43);
  });
});
