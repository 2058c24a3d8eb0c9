import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/app.ts';
import { adminRoutesOf } from '../src/routes/admin/index.ts';
import { grantAdmin, GrantAdminError } from '../src/services/admin/index.ts';
import { verifyPassword } from '../src/lib/passwords.ts';
import { getUser } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { auditOf } from './admin-fixtures.ts';

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
  afterAll(async () => {
    await t.close();
  });

  /** A concrete URL for a route pattern: every :param becomes 1. */
  const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');
  const call = (token: string | undefined, route: { method: string; url: string }) =>
    t.client
      .as(token)
      .request(
        route.method as 'GET',
        concrete(route.url),
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );

  it('finds every admin endpoint under the admin prefix', () => {
    expect(routes.length).toBeGreaterThanOrEqual(50);
    for (const route of routes) expect(route.url.startsWith(`${API_PREFIX}/admin/`)).toBe(true);
    // A sample of each area, so the list is the real one and not empty or partial.
    const keys = new Set(routes.map((r) => `${r.method} ${r.url.slice(API_PREFIX.length)}`));
    for (const key of [
      'GET /admin/audit',
      'POST /admin/courses',
      'POST /admin/subjects/:id/questions/import',
      'PUT /admin/offer-codes/:id',
      'POST /admin/purchases/:id/refund',
      'POST /admin/withdrawals/:id/settle',
      'GET /admin/users/:id/ledger',
      'POST /admin/referrals/:userId/release',
      'PUT /admin/settings',
      'PUT /admin/levels',
      'POST /admin/ads',
    ])
      expect(keys).toContain(key);
  });

  it('answers 403 to a verified learner on every admin endpoint', async () => {
    for (const route of routes) {
      const res = await call(learner.token, route);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode, body: res.body }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
        body: { status: false, message: 'You do not have access to this.' },
      });
    }
  });

  it('answers 401 without a token on every admin endpoint', async () => {
    for (const route of routes) {
      const res = await call(undefined, route);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
    }
  });

  it('answers 417 to an admin whose email is not verified', async () => {
    for (const route of routes) {
      const res = await call(unverifiedAdmin.token, route);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 417,
      });
    }
  });

  it('lets a verified admin through: no endpoint answers 401, 403 or 500', async () => {
    for (const route of routes) {
      const res = await call(admin.token, route);
      expect({
        route: `${route.method} ${route.url}`,
        refused: [401, 403, 417].includes(res.statusCode) || res.statusCode >= 500,
        body: res.body,
      }).toMatchObject({ route: `${route.method} ${route.url}`, refused: false });
    }
  });

  it('answers malformed input on every admin endpoint with a 4xx in the envelope, never a 500', async () => {
    const odd = {
      name: { $ne: 1 },
      price: '1e309',
      offer_price: null,
      roles: 'admin',
      levels: {},
      status: ['Done'],
      csv: 5,
      file_type: 7,
    };
    const bodies: { payload: string | Buffer; type: string }[] = [
      { payload: '"text"', type: 'application/json' },
      { payload: '[1,2]', type: 'application/json' },
      { payload: JSON.stringify(odd), type: 'application/json' },
      { payload: '{"name":', type: 'application/json' },
      { payload: 'garbage', type: 'multipart/form-data; boundary=xyz' },
      {
        payload: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\n',
        type: 'multipart/form-data; boundary=xyz',
      },
    ];
    for (const route of routes) {
      const urls = [
        concrete(route.url),
        route.url.replace(/:[A-Za-z]+/g, 'abc'),
        route.url.replace(/:[A-Za-z]+/g, '99999999999'),
      ].filter((url, i, all) => all.indexOf(url) === i);
      const cases =
        route.method === 'GET' || route.method === 'DELETE'
          ? urls.map((url) => ({
              url: `${url}?page=-1&per_page=x&status=nope&from=never&q=%25`,
              payload: undefined,
              type: undefined,
            }))
          : urls.flatMap((url) => bodies.map((b) => ({ url, payload: b.payload, type: b.type })));
      for (const c of cases) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: c.url.startsWith(API_PREFIX) ? c.url : `${API_PREFIX}${c.url}`,
          headers: {
            authorization: `Bearer ${admin.token}`,
            cookie: 'XSRF-TOKEN=x',
            'x-xsrf-token': 'x',
            ...(c.type ? { 'content-type': c.type } : {}),
          },
          ...(c.payload === undefined ? {} : { payload: c.payload }),
        });
        // A download that takes no query (Balances owed, as at now) ignores the junk and answers its file.
        const isFile = res.statusCode === 200 && !String(res.headers['content-type']).startsWith('application/json');
        const body = isFile ? { status: true, message: '' } : res.json();
        expect({
          route: `${route.method} ${c.url}`,
          payload: c.payload,
          status: res.statusCode < 500,
          envelope: typeof body.status === 'boolean' && typeof body.message === 'string',
        }).toEqual({ route: `${route.method} ${c.url}`, payload: c.payload, status: true, envelope: true });
      }
    }
  });

  it('gives a learner their role back only through an admin, who cannot drop their own admin role', async () => {
    const self = await t.client.as(admin.token).put(`/admin/users/${admin.id}/roles`, { roles: ['learner'] });
    expect(self.statusCode).toBe(400);
    const grant = await t.client
      .as(admin.token)
      .put(`/admin/users/${learner.id}/roles`, { roles: ['admin', 'learner'] });
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

describe('admin:create (grantAdmin)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const noPrompt = async (): Promise<string> => {
    throw new Error('must not ask for a password');
  };

  it('grants the admin role to an existing account without asking for a password', async () => {
    const learner = await createLearner(t.app);
    const result = await grantAdmin(t.app.ctx, { email: learner.email.toUpperCase(), askPassword: noPrompt });
    expect(result).toEqual({ outcome: 'granted', userId: learner.id, isVerified: true });
    expect((await getUser(t.app, learner.id)).roles).toEqual(['learner', 'admin']);
    expect((await t.client.as(learner.token).get('/admin/settings')).statusCode).toBe(200);
    expect(await grantAdmin(t.app.ctx, { email: learner.email, askPassword: noPrompt })).toMatchObject({
      outcome: 'already-admin',
    });
    expect(await auditOf(t.app, 'users', learner.id)).toEqual([
      expect.objectContaining({ action: 'user.roles', actorId: null }),
    ]);
  });

  it('refuses the admin role to an existing account whose email is not verified (anyone may have registered it)', async () => {
    const squatter = await createLearner(t.app, { verified: false });
    await expect(grantAdmin(t.app.ctx, { email: squatter.email, askPassword: noPrompt })).rejects.toThrow(
      /not verified.*no admin role given/,
    );
    expect((await getUser(t.app, squatter.id)).roles).toEqual(['learner']);
    expect(await auditOf(t.app, 'users', squatter.id)).toEqual([]);
  });

  it('creates a verified admin with a password that meets the policy, and refuses a weak one', async () => {
    await expect(
      grantAdmin(t.app.ctx, { email: 'boss@example.com', askPassword: async () => 'password' }),
    ).rejects.toThrow(GrantAdminError);
    await expect(
      grantAdmin(t.app.ctx, { email: 'not-an-email', askPassword: async () => 'Admin@1234' }),
    ).rejects.toThrow('Invalid Email.');
    const created = await grantAdmin(t.app.ctx, {
      email: 'Boss@Example.com',
      firstName: 'Priya',
      askPassword: async () => 'Admin@1234',
    });
    expect(created).toMatchObject({ outcome: 'created', isVerified: true });
    const user = await getUser(t.app, created.userId);
    expect(user).toMatchObject({ email: 'boss@example.com', firstName: 'Priya', roles: ['admin', 'learner'] });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(await verifyPassword(user.passwordHash, 'Admin@1234')).toBe(true);
    const login = await t.client.post('/login', { email: 'boss@example.com', password: 'Admin@1234' });
    expect(login.statusCode).toBe(200);
    expect((await t.client.as(login.body.data.token).get('/admin/settings')).statusCode).toBe(200);
  });
});
