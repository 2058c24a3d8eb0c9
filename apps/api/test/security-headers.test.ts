import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_TEST_ENV, type TestApp } from './helpers.ts';
import { createLearner } from './fixtures.ts';
import { helmetOptions, type SecurityHeaderSettings } from '../src/plugins/security-headers.ts';
import { storageBrowserOrigin } from '../src/lib/storage.ts';

/** What helmet's middleware sets on a real Node response, as it ran on every request before. */
function helmetHeaders(settings: SecurityHeaderSettings): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  response.setHeader('x-powered-by', 'something');
  let finished = false;
  helmet(helmetOptions(settings))(request, response, () => {
    finished = true;
  });
  expect(finished).toBe(true);
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/** Helmet's document-only headers, which a JSON answer does not carry. */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The JSON answers the web client meets: health, an API answer, a 404, a refused token, a refused write, a bad URL. */
async function jsonAnswers(t: TestApp) {
  const learner = await createLearner(t.app);
  return {
    healthz: await t.app.inject({ method: 'GET', url: '/healthz' }),
    api: await t.app.inject({
      method: 'GET',
      url: '/live-connect/api/me',
      headers: { authorization: `Bearer ${learner.token}` },
    }),
    unknown: await t.app.inject({ method: 'GET', url: '/no-such-page' }),
    unauthenticated: await t.app.inject({ method: 'GET', url: '/live-connect/api/me' }),
    xsrfRefused: await t.app.inject({ method: 'POST', url: '/live-connect/api/login', payload: {} }),
    malformedUrl: await t.app.inject({ method: 'GET', url: '/live-connect/api/courses/%E0%A4%A' }),
    openApiDocument: await t.app.inject({ method: 'GET', url: '/docs/json' }),
  };
}

/** Answers a browser renders or runs: the OpenAPI page and its script. */
async function documentAnswers(t: TestApp) {
  const page = await t.app.inject({ method: 'GET', url: '/docs' });
  const script = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
  return { page, script };
}

describe.each([
  ['development', { NODE_ENV: 'development', SEED_DEMO: 'false' }],
  // API_DOCS: /docs is off in production unless asked for, and its page is one of the answers sampled.
  ['production', { ...PRODUCTION_TEST_ENV, API_DOCS: 'true' }],
  [
    'production with S3 storage',
    { ...PRODUCTION_TEST_ENV, API_DOCS: 'true', STORAGE_URL: 's3://bench-bucket', S3_REGION: 'ap-south-1' },
  ],
] as const)('security headers in %s', (_name, env) => {
  let t: TestApp;
  let expected: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env });
    const settings = {
      isProduction: t.app.ctx.env.NODE_ENV === 'production',
      storageOrigin: storageBrowserOrigin(t.app.ctx.env),
    };
    expected = helmetHeaders(settings);
    expect(expected['content-security-policy']).toContain("default-src 'self'");
    expect('x-powered-by' in expected).toBe(false);
    expect(Boolean(expected['strict-transport-security'])).toBe(settings.isProduction);
    if (settings.storageOrigin)
      expect(expected['content-security-policy']).toContain(`media-src 'self' blob: ${settings.storageOrigin}`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are the headers helmet set, with the same values, on what a browser renders or runs', async () => {
    const answers = await documentAnswers(t);
    expect(answers.page.statusCode).toBe(200);
    expect(answers.page.headers['content-type']).toContain('text/html');
    expect(answers.script.statusCode).toBe(200);
    expect(answers.script.headers['content-type']).toContain('javascript');
    for (const [name, answer] of Object.entries(answers)) {
      const sent = Object.fromEntries(Object.keys(expected).map((header) => [header, answer.headers[header]]));
      expect(sent, name).toEqual(expected);
      expect(answer.headers['x-powered-by'], name).toBeUndefined();
      expect(answer.headers['x-request-id'], name).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('are the short set on every JSON answer: nothing may load, frame, sniff or read it cross-origin, HSTS kept', async () => {
    const answers = await jsonAnswers(t);
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.statusCode]))).toEqual({
      healthz: 200,
      api: 200,
      unknown: 404,
      unauthenticated: 401,
      xsrfRefused: 403,
      malformedUrl: 400,
      openApiDocument: 200,
    });
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers['content-type'], name).toContain('application/json');
      expect(answer.headers, name).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      expect(answer.headers['strict-transport-security'], name).toBe(expected['strict-transport-security']);
      for (const header of DOCUMENT_ONLY) expect(answer.headers[header], `${name}: ${header}`).toBeUndefined();
      expect(answer.headers['x-powered-by'], name).toBeUndefined();
      expect(answer.headers['x-request-id'], name).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('the XSRF cookie', () => {
  let t: TestApp;
  let prod: TestApp;
  let serializeCookie: (name: string, value: string, options: Record<string, unknown>) => string;
  beforeAll(async () => {
    t = await createTestApp();
    prod = await createTestApp({ env: PRODUCTION_TEST_ENV });
    // @fastify/cookie wrote the cookie before: its serializer, for comparison.
    const cookies = Fastify();
    await cookies.register(fastifyCookie);
    await cookies.ready();
    serializeCookie = (name, value, options) => cookies.serializeCookie(name, value, options);
  });
  afterAll(async () => {
    await t?.close();
    await prod?.close();
  });

  it('is set, as @fastify/cookie wrote it, on any answer to a request without one', async () => {
    for (const [app, secure] of [
      [t, false],
      [prod, true],
    ] as const) {
      for (const request of [
        { method: 'GET', url: '/healthz' },
        { method: 'GET', url: '/live-connect/api/course' },
        { method: 'GET', url: '/no-such-page' },
        { method: 'GET', url: '/healthz', headers: { cookie: 'XSRF-TOKEN=' } },
        { method: 'GET', url: '/healthz', headers: { cookie: 'other=1; X-XSRF-TOKEN=not-it' } },
        { method: 'POST', url: '/live-connect/api/login', payload: {} },
      ] as const) {
        const answer = await app.app.inject(request);
        const cookie = String(answer.headers['set-cookie']);
        const token = /^XSRF-TOKEN=([A-Za-z0-9_-]{43});/.exec(cookie)?.[1];
        expect(token, `${request.method} ${request.url}`).toBeDefined();
        expect(cookie).toBe(
          serializeCookie('XSRF-TOKEN', token!, { path: '/', sameSite: 'lax', secure, httpOnly: false }),
        );
      }
    }
  });

  it('is left alone when the request carries one, and a GET needs no echo', async () => {
    for (const cookie of ['XSRF-TOKEN=abc', 'a=1; XSRF-TOKEN=abc; b=2', ' XSRF-TOKEN = abc ']) {
      const answer = await t.app.inject({ method: 'GET', url: '/healthz', headers: { cookie } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('must be echoed on writes, compared with the cookie as a cookie parser reads it', async () => {
    const post = (cookie: string | undefined, header: string | undefined) =>
      t.app.inject({
        method: 'POST',
        url: '/live-connect/api/login',
        payload: { email: 'nobody@example.com', password: 'Wrong-Pass9' },
        headers: {
          ...(cookie === undefined ? {} : { cookie }),
          ...(header === undefined ? {} : { 'x-xsrf-token': header }),
        },
      });
    // Past the XSRF check: the login itself answers (422, wrong credentials), not 403.
    for (const [cookie, header] of [
      ['XSRF-TOKEN=abc', 'abc'],
      ['other=1; XSRF-TOKEN=abc', 'abc'],
      ['XSRF-TOKEN=%61bc', 'abc'],
      ['XSRF-TOKEN= abc ;x=1', 'abc'],
      ['XSRF-TOKEN=abc; XSRF-TOKEN=def', 'abc'],
    ] as const) {
      const answer = await post(cookie, header);
      expect(answer.statusCode, `${cookie} / ${header}`).not.toBe(403);
    }
    for (const [cookie, header] of [
      [undefined, 'abc'],
      ['XSRF-TOKEN=abc', undefined],
      ['XSRF-TOKEN=abc', 'abd'],
      ['XSRF-TOKEN=abc; XSRF-TOKEN=def', 'def'],
      ['XSRF-TOKEN=', ''],
      ['X-XSRF-TOKEN=abc', 'abc'],
    ] as const) {
      const answer = await post(cookie, header);
      expect(answer.statusCode, `${cookie} / ${header}`).toBe(403);
      expect(answer.json()).toEqual({ status: false, message: 'CSRF token mismatch.' });
    }
  });
});
