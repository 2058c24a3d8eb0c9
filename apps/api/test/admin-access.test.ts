import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/app.ts';
import { adminRoutesOf } from '../src/routes/admin/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';

/**
 * The 403 matrix: every endpoint under /admin, as the app registered it (so a new one cannot be
 * left out), refuses a verified learner (403), an anonymous caller (401) and an admin whose email
 * is unverified (417), and lets a verified admin through.
 */
describe('admin access matrix', () => {
  let t: TestApp;
  let learner: Learner;
  let admin: Learner;
  let unverifiedAdmin: Learner;
  let routes: { method: string; url: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    learner = await createLearner(t.app);
    admin = await createLearner(t.app, { roles: ['admin', 'learner'] });
    unverifiedAdmin = await createLearner(t.app, { roles: ['admin'], verified: false });
    routes = adminRoutesOf(t.app);
  });
  afterAll(async () => { await t.close(); });

  /** A concrete URL for a route pattern: every :param becomes 1. */
  const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');
  const call = (token: string | undefined, route: { method: string; url: string }) =>
    t.client.as(token).request(route.method as 'GET', concrete(route.url), route.method === 'GET' || route.method === 'DELETE' ? undefined : {});

  it('finds every admin endpoint under the admin prefix', () => {
    expect(routes.length).toBeGreaterThanOrEqual(50);
    for (const route of routes) expect(route.url.startsWith(`${API_PREFIX}/admin/`)).toBe(true);
    // A sample of each area, so the list is the real one and not empty or partial.
    const keys = new Set(routes.map((r) => `${r.method} ${r.url.slice(API_PREFIX.length)}`));
    for (const key of [
      'GET /admin/audit', 'POST /admin/courses', 'POST /admin/subjects/:id/questions/import', 'PUT /admin/offer-codes/:id',
      'POST /admin/purchases/:id/refund', 'POST /admin/withdrawals/:id/settle', 'GET /admin/users/:id/ledger',
      'POST /admin/referrals/:userId/release', 'PUT /admin/settings', 'PUT /admin/levels', 'POST /admin/ads',
    ]) expect(keys).toContain(key);
  });

  it('answers 403 to a verified learner on every admin endpoint', async () => {
    for (const route of routes) {
      const res = await call(learner.token, route);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode, body: res.body })
        .toEqual({ route: `${route.method} ${route.url}`, status: 403, body: { status: false, message: 'You do not have access to this.' } });
    }
  });

  it('answers 401 without a token on every admin endpoint', async () => {
    for (const route of routes) {
      const res = await call(undefined, route);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
    }
  });

  it('answers 417 to an admin whose email is not verified', async () => {
    for (const route of routes) {
      const res = await call(unverifiedAdmin.token, route);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 417 });
    }
  });

  it('lets a verified admin through: no endpoint answers 401, 403 or 500', async () => {
    for (const route of routes) {
      const res = await call(admin.token, route);
      expect({ route: `${route.method} ${route.url}`, refused: [401, 403, 417].includes(res.statusCode) || res.statusCode >= 500, body: res.body })
        .toMatchObject({ route: `${route.method} ${route.url}`, refused: false });
    }
  });

  it('gives a learner their role back only through an admin, who cannot drop their own admin role', async () => {
    const self = await t.client.as(admin.token).put(`/admin/users/${admin.id}/roles`, { roles: ['learner'] });
    expect(self.statusCode).toBe(400);
    const grant = await t.client.as(admin.token).put(`/admin/users/${learner.id}/roles`, { roles: ['admin', 'learner'] });
    expect(grant.statusCode).toBe(200);
    expect(grant.body.data.roles).toEqual(['admin', 'learner']);
    expect((await t.client.as(learner.token).get('/admin/settings')).statusCode).toBe(200);
    const revoke = await t.client.as(admin.token).put(`/admin/users/${learner.id}/roles`, { roles: ['learner'] });
    expect(revoke.statusCode).toBe(200);
    expect((await t.client.as(learner.token).get('/admin/settings')).statusCode).toBe(403);
    const bad = await t.client.as(admin.token).put(`/admin/users/${learner.id}/roles`, { roles: ['root'] });
    expect(bad.statusCode).toBe(422);
  });
});
