import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startSmtpServer } from './smtp-server.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.ts';
import {
  BUSINESS_TEST_ENV,
  createTestApp,
  openPgliteTemplateCopy,
  PRODUCTION_TEST_ENV,
  waitFor,
  type TestApp,
} from './helpers.ts';
import { registerForm } from './accounts-helpers.ts';

const PRODUCTION = PRODUCTION_TEST_ENV;

function without<T extends Record<string, string>>(env: T, ...keys: (keyof T)[]): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !keys.includes(key as keyof T)));
}

function problemsOf(env: Record<string, string>): string {
  try {
    loadEnv(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('loadEnv in production', () => {
  it('accepts a complete production configuration', () => {
    const env = loadEnv(PRODUCTION);
    expect(env.NODE_ENV).toBe('production');
    expect(env.TRUST_PROXY).toBe(1);
  });

  it('refuses the development APP_SECRET, left unset or written out', () => {
    expect(problemsOf(without(PRODUCTION, 'APP_SECRET'))).toContain(
      'APP_SECRET: the development APP_SECRET is refused in production',
    );
    expect(problemsOf({ ...PRODUCTION, APP_SECRET: 'dev-secret-change-me-dev-secret-change-me' })).toContain(
      'APP_SECRET: the development APP_SECRET is refused in production',
    );
    expect(problemsOf({ ...PRODUCTION, APP_SECRET: 'too-short' })).toContain(
      'APP_SECRET: APP_SECRET must be at least 32 characters',
    );
  });

  it('requires DATABASE_URL (no PGlite under several replicas)', () => {
    expect(problemsOf(without(PRODUCTION, 'DATABASE_URL'))).toContain(
      'DATABASE_URL: DATABASE_URL is required in production',
    );
    expect(problemsOf({ ...PRODUCTION, DATABASE_URL: '' })).toContain(
      'DATABASE_URL: DATABASE_URL is required in production',
    );
  });

  it('requires the operator, the contact and the grievance officer the privacy page names, naming each', () => {
    const keys = [
      'OPERATOR_LEGAL_NAME',
      'OPERATOR_ADDRESS',
      'CONTACT_EMAIL',
      'GRIEVANCE_OFFICER_NAME',
      'GRIEVANCE_OFFICER_EMAIL',
    ] as const;
    const problems = problemsOf(without(PRODUCTION, ...keys));
    for (const key of keys) {
      expect(problems).toContain(`${key}: ${key} is required in production (the privacy page and the terms name it)`);
    }
    // Blank is unset, not a name.
    expect(problemsOf({ ...PRODUCTION, OPERATOR_LEGAL_NAME: '   ' })).toContain(
      'OPERATOR_LEGAL_NAME: OPERATOR_LEGAL_NAME is required in production',
    );
  });

  it('refuses a storage secret short enough to be a password: signed links let anyone test guesses offline', () => {
    const s3 = { ...PRODUCTION, STORAGE_URL: 's3://files', S3_ACCESS_KEY_ID: 'live-connect' };
    expect(problemsOf({ ...s3, S3_SECRET_ACCESS_KEY: 'minio-admin-2026' })).toContain(
      'S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY must be at least 30 characters in production',
    );
    expect(problemsOf({ ...s3, S3_SECRET_ACCESS_KEY: randomBytes(24).toString('hex') })).toBe('');
    expect(problemsOf({ ...s3, NODE_ENV: 'development', S3_SECRET_ACCESS_KEY: 'S3RVER' })).toBe('');
  });

  it('requires SMTP_URL (no dev outbox)', () => {
    expect(problemsOf(without(PRODUCTION, 'SMTP_URL'))).toContain('SMTP_URL: SMTP_URL is required in production');
  });

  it('refuses the sandbox payment provider unless a demo asks for it', () => {
    expect(problemsOf(without(PRODUCTION, 'ALLOW_SANDBOX_PAYMENTS'))).toContain(
      'PAYMENT_PROVIDER: the sandbox takes no real money',
    );
  });

  it('requires every Razorpay key with PAYMENT_PROVIDER=razorpay, naming each', () => {
    const problems = problemsOf({
      ...without(PRODUCTION, 'ALLOW_SANDBOX_PAYMENTS'),
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_x',
    });
    expect(problems).not.toContain('RAZORPAY_KEY_ID');
    expect(problems).toContain('RAZORPAY_KEY_SECRET: RAZORPAY_KEY_SECRET is required with PAYMENT_PROVIDER=razorpay');
    expect(problems).toContain(
      'RAZORPAY_WEBHOOK_SECRET: RAZORPAY_WEBHOOK_SECRET is required with PAYMENT_PROVIDER=razorpay',
    );
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    for (const name of ['APP_SECRET', 'DATABASE_URL', 'SMTP_URL', 'PAYMENT_PROVIDER'])
      expect(problems).toContain(`  ${name}: `);
  });

  it('asks none of this in development', () => {
    expect(problemsOf({})).toBe('');
  });
});

describe('a production app behind a TLS-terminating proxy', () => {
  let prod: TestApp;
  let dev: TestApp;
  beforeAll(async () => {
    // The test hands the app its own database, so PRODUCTION's DATABASE_URL is never opened.
    prod = await createTestApp({ env: PRODUCTION, rateLimits: { registerPerIp: { points: 1, durationSeconds: 600 } } });
    dev = await createTestApp({ env: { NODE_ENV: 'development', SEED_DEMO: 'false' } });
    for (const t of [prod, dev]) {
      t.app.get('/test/whoami', { config: { auth: 'public' } }, async (request) => ({
        ip: request.ip,
        protocol: request.protocol,
        host: request.host,
      }));
    }
  });
  afterAll(async () => {
    await prod?.close();
    await dev?.close();
  });

  it('sends HSTS and a Secure XSRF cookie in production, neither in development', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[^;]+;/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/);

    const devRes = await dev.app.inject({ method: 'GET', url: '/healthz' });
    expect(devRes.headers['strict-transport-security']).toBeUndefined();
    expect(String(devRes.headers['set-cookie'])).not.toMatch(/; Secure/);
  });

  it('takes the client address and protocol from the one trusted proxy (TRUST_PROXY=1)', async () => {
    const res = await prod.app.inject({
      method: 'GET',
      url: '/test/whoami',
      remoteAddress: '10.0.0.2',
      headers: {
        'x-forwarded-for': '203.0.113.7',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'learn.example.in',
      },
    });
    expect(res.json()).toEqual({ ip: '203.0.113.7', protocol: 'https', host: 'learn.example.in' });
    // A client cannot choose its address by sending its own X-Forwarded-For: the proxy appends the real one.
    const spoofed = await prod.app.inject({
      method: 'GET',
      url: '/test/whoami',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' },
    });
    expect(spoofed.json().ip).toBe('203.0.113.7');
  });

  it('trusts X-Forwarded-* only from a private or loopback peer, not from a client that reaches it directly', async () => {
    const direct = await prod.app.inject({
      method: 'GET',
      url: '/test/whoami',
      remoteAddress: '192.0.2.50',
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' },
    });
    expect(direct.json()).toMatchObject({ ip: '192.0.2.50', protocol: 'http' });
    const mapped = await prod.app.inject({
      method: 'GET',
      url: '/test/whoami',
      remoteAddress: '::ffff:172.18.0.5',
      headers: { 'x-forwarded-for': '2001:db8::7' },
    });
    expect(mapped.json().ip).toBe('2001:db8::7');
  });

  it('ignores X-Forwarded-* without TRUST_PROXY', async () => {
    const res = await dev.app.inject({
      method: 'GET',
      url: '/test/whoami',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' },
    });
    expect(res.json()).toMatchObject({ ip: '10.0.0.2', protocol: 'http' });
  });

  it("rate-limits by the forwarded client address, not the proxy's", async () => {
    const register = (forwardedFor: string) =>
      prod.client.post('/register', registerForm(), { 'x-forwarded-for': forwardedFor });
    expect((await register('203.0.113.20')).statusCode).toBe(200);
    expect((await register('203.0.113.20')).statusCode).toBe(429);
    expect((await register('198.51.100.9, 203.0.113.20')).statusCode).toBe(429);
    expect((await register('203.0.113.21')).statusCode).toBe(200);
  });

  it('has no dev mailbox in production', async () => {
    expect((await prod.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});

/** The real server (`node apps/api/src/server.ts`) on a random port, its stdout kept. */
async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; output: () => string; stop: () => Promise<void> }> {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const look = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', look);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${out}`));
    });
  });
  return {
    url,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

describe("the server's logs", () => {
  const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
  const requestId = `logs-${randomBytes(4).toString('hex')}`;
  const secrets: Record<string, string> = {};
  let logs = '';
  const responses: Record<string, { status: number; requestId: string | null }> = {};

  beforeAll(async () => {
    const smtp = await startSmtpServer();
    const dataDir = await mkdtemp(join(tmpdir(), 'lc-logs-'));
    const appSecret = `log-test-secret-${randomBytes(16).toString('hex')}`;
    secrets.appSecret = appSecret;
    let dropDatabase = async () => {};
    // On PostgreSQL the server runs in production mode on a database of its own; on PGlite, in development.
    const modeEnv: Record<string, string> = { NODE_ENV: 'development', SEED_DEMO: 'false' };
    if (onPostgres) {
      const name = `t_logs_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      Object.assign(modeEnv, {
        NODE_ENV: 'production',
        DATABASE_URL: url.toString(),
        ALLOW_SANDBOX_PAYMENTS: 'true',
        TRUST_PROXY: '1',
        ...BUSINESS_TEST_ENV,
      });
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      };
    }
    // On PGlite the server opens DATA_DIR/db: a copy of the migrated template, as every other PGlite test starts from.
    if (!onPostgres) await (await openPgliteTemplateCopy(join(dataDir, 'db'))).close();
    const server = await startServer({
      ...modeEnv,
      APP_SECRET: appSecret,
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
    });
    try {
      const call = async (
        name: string,
        method: string,
        path: string,
        options: { body?: unknown; token?: string; xsrf?: string } = {},
      ) => {
        const headers: Record<string, string> = { 'x-request-id': `${requestId}-${name}` };
        if (options.body !== undefined) headers['content-type'] = 'application/json';
        if (options.token) headers.authorization = `Bearer ${options.token}`;
        if (options.xsrf)
          Object.assign(headers, { cookie: `XSRF-TOKEN=${options.xsrf}`, 'x-xsrf-token': options.xsrf });
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers,
          ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        });
        responses[name] = { status: res.status, requestId: res.headers.get('x-request-id') };
        return res;
      };
      const first = await call('healthz', 'GET', '/healthz');
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
      secrets.xsrf = xsrf;
      const form = registerForm({ password: 'Log-Test@Pass9', password_confirmation: 'Log-Test@Pass9' });
      secrets.password = 'Log-Test@Pass9';
      const registered = await call('register', 'POST', '/live-connect/api/register', { body: form, xsrf });
      const token = ((await registered.json()) as { data: { token: string } }).data.token;
      secrets.token = token;
      await call('send-otp', 'GET', '/live-connect/api/send-email-otp', { token });
      // The request queued the mail; the server's in-process worker sends it a moment later.
      await waitFor(() => smtp.received.length > 0, 15_000, 100);
      const otp = /\b(\d{6})\b/.exec((smtp.received.at(-1)?.raw ?? '').replace(/=\r?\n/g, ''))?.[1] ?? '';
      secrets.otp = otp;
      await call('verify', 'POST', '/live-connect/api/verify-email-otp', {
        body: { email: form.email, otp },
        token,
        xsrf,
      });
      const login = await call('login', 'POST', '/live-connect/api/login', {
        body: { email: form.email, password: form.password },
        xsrf,
      });
      secrets.loginToken = ((await login.json()) as { data: { token: string } }).data.token;
      secrets.signature = randomBytes(32).toString('hex');
      await call('file', 'GET', `/live-connect/api/files/subjects/1?u=1&e=9999999999&s=${secrets.signature}`);
      // A guardian's consent link works by its token alone, in the API and as the web page it opens.
      secrets.consentToken = randomBytes(32).toString('base64url');
      await call('consent-api', 'GET', `/live-connect/api/guardian/consent/${secrets.consentToken}`);
      await call('consent-page', 'GET', `/guardian/consent/${secrets.consentToken}?lang=hi`);
      await call('consent-purchases', 'GET', `/live-connect/api/guardian/consent/${secrets.consentToken}/purchases`);
      secrets.hlsSignature = randomBytes(32).toString('hex');
      await call(
        'hls',
        'GET',
        `/live-connect/api/files/subjects/1/hls/3/1-9999999999-${secrets.hlsSignature}/index.m3u8`,
      );
    } finally {
      await server.stop();
      logs = server.output();
      await smtp.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('went through a whole sign-up with mail over SMTP', () => {
    expect(responses).toMatchObject({
      healthz: { status: 200 },
      register: { status: 200 },
      'send-otp': { status: 200 },
      verify: { status: 200 },
      login: { status: 200 },
    });
    expect(secrets.otp).toMatch(/^\d{6}$/);
  });

  it('returns the request id it was sent, and logs under it', () => {
    for (const [name, res] of Object.entries(responses)) expect(res.requestId).toBe(`${requestId}-${name}`);
    const lines = logs
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string } });
    expect(lines.find((line) => line.reqId === `${requestId}-register`)?.req?.url).toBe('/live-connect/api/register');
  });

  it('logs no password, OTP, token, XSRF token, link signature or secret', () => {
    expect(logs.length).toBeGreaterThan(0);
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(5);
      // The OTP is six digits: look for it standing alone, not inside a timestamp.
      const pattern = new RegExp(`(?<![0-9A-Za-z])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z])`);
      expect(pattern.test(logs), `${name} appears in the logs`).toBe(false);
    }
    expect(logs).toContain('/live-connect/api/files/subjects/1?u=1&e=9999999999&s=[Redacted]');
    expect(logs).toContain('"/live-connect/api/guardian/consent/[Redacted]"');
    expect(logs).toContain('"/guardian/consent/[Redacted]?lang=hi"');
    expect(logs).toContain('"/live-connect/api/guardian/consent/[Redacted]/purchases"');
    expect(logs).toContain('"/live-connect/api/files/subjects/1/hls/3/[Redacted]/index.m3u8"');
    expect(logs.toLowerCase()).not.toContain('bearer ');
  });
});
