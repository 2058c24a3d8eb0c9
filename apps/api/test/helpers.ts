import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { createDatabase, type Database } from '@app/db';
import { buildApp, API_PREFIX, type App, type BuildOptions } from '../src/app.ts';
import { loadEnv } from '../src/env.ts';
import { setPasswordHashing } from '../src/lib/passwords.ts';
import type { LimitRules } from '../src/lib/rate-limits.ts';
import { readTemplateState, resetToTemplate, type TemplateState } from './pglite-reuse.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The file holding a dump of a migrated PGlite database (global-setup/pglite.ts). */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database to create test databases from (global-setup/postgres.ts). */
    postgresTemplate: string;
  }
}

/** Limits high enough to stay out of the way of tests that are not about them. */
const relaxedLimits: LimitRules = Object.fromEntries(
  [
    'loginFailuresPerAccount',
    'loginFailuresPerDevice',
    'loginPerIp',
    'registerPerIp',
    'otpPerAccount',
    'otpPerIp',
    'resetPerAccount',
    'resetPerIp',
    'offerCodeMissesPerIp',
    'offerCodeTriesOnSpentNetwork',
    'offerCodeSpentNetworkTriesPerIp',
    'codeMailsPerMailbox',
    'codeMailsPerMailboxDaily',
  ].map((name) => [name, { points: 10_000, durationSeconds: 60 }]),
) as LimitRules;

/** What the project's globalSetup built for this run (vitest.config.ts). */
function provided(key: 'pgliteTemplate' | 'postgresTemplate'): string {
  const value = inject(key);
  if (!value) throw new Error(`no ${key}: run the api tests through vitest.config.ts, whose globalSetup builds it`);
  return value;
}

let pgliteTemplate: Promise<Blob> | undefined;
/** This worker's PGlite engines that a file is done with, back at the template's state (pglite-reuse.ts). */
const idlePglites: NonNullable<Database['pglite']>[] = [];
let templateState: TemplateState | undefined;

/** A new PGlite engine holding a copy of the run's migrated template: in memory, or in `dataDir` on disk. */
export async function openPgliteTemplateCopy(dataDir?: string): Promise<Database> {
  pgliteTemplate ??= readFile(provided('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return createDatabase({ dataDir, loadDataDir: await pgliteTemplate });
}

async function openPglite(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const engine = idlePglites.pop() ?? (await openPgliteTemplateCopy()).pglite!;
  // Only the worker's first engine is read, and it comes straight from the template: nothing has written to it.
  templateState ??= await readTemplateState(engine);
  const database = await createDatabase({ pglite: engine });
  return {
    database,
    drop: async () => {
      if (engine.closed) return;
      try {
        await resetToTemplate(engine, templateState!);
        idlePglites.push(engine);
      } catch (error) {
        await engine.close();
        throw error;
      }
    },
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or with TEST_DB=postgres a new
 * database on TEST_DATABASE_URL, dropped afterwards. Both start as a copy of the run's migrated
 * template, which is much faster than running every migration for each file.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) return openPglite();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${provided('postgresTemplate')}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await createDatabase({ url: testUrl.toString(), maxConnections: 20 });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The PostgreSQL URL a test database was opened with, to open another pool or process on it. */
export function postgresUrlOf(database: Database): string {
  const url = database.pool?.options.connectionString;
  if (!url) throw new Error('this needs PostgreSQL (TEST_DB=postgres)');
  return url;
}

export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export function testClock(start = new Date()): TestClock {
  let offset = 0;
  return {
    now: () => new Date(start.getTime() + offset + (Date.now() - start.getTime())),
    advance: (ms) => {
      offset += ms;
    },
  };
}

export interface TestResponse<T = any> {
  statusCode: number;
  body: T;
  headers: Record<string, unknown>;
}

/**
 * Who the business is, which production refuses to start without: the seller on GST invoices (a made-up
 * GSTIN of Kerala with a right check character), and the operator, contact and grievance officer that the
 * privacy page and the terms name.
 */
export const BUSINESS_TEST_ENV = {
  INVOICE_SELLER_NAME: 'Live Connect Test Private Limited',
  INVOICE_SELLER_ADDRESS: '1 Test Road, Kochi 682001',
  INVOICE_SELLER_GSTIN: '32AAACL1234A1ZI',
  OPERATOR_LEGAL_NAME: 'Live Connect Test Private Limited',
  OPERATOR_ADDRESS: '1 Test Road, Kochi 682001',
  CONTACT_EMAIL: 'support@live-connect.test',
  GRIEVANCE_OFFICER_NAME: 'Test Grievance Officer',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@live-connect.test',
} as const;

/**
 * Everything production insists on, set: for tests of production behaviour. The test app is handed the
 * test database, so DATABASE_URL is never opened, and nothing is sent to SMTP_URL.
 */
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: 'production',
  APP_SECRET: 'production-test-secret-0123456789abcdef',
  DATABASE_URL: 'postgres://not-opened.invalid/the-test-passes-its-own-database',
  SMTP_URL: 'smtp://127.0.0.1:1',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  TRUST_PROXY: '1',
  ...BUSINESS_TEST_ENV,
} as const;

/** Paths served beside the API rather than under its prefix. */
const ROOT_PATHS = ['/healthz', '/readyz', '/docs', '/dev/', '/sandbox/', API_PREFIX];

/** Calls the API as the web client does: under the prefix, echoing the XSRF cookie, with a bearer token. */
export class TestClient {
  private xsrf = 'test-xsrf-token';
  private readonly app: App;
  token: string | undefined;
  ip: string;

  constructor(app: App, token?: string, ip = '127.0.0.1') {
    this.app = app;
    this.token = token;
    this.ip = ip;
  }

  as(token: string | undefined): TestClient {
    return new TestClient(this.app, token, this.ip);
  }

  from(ip: string): TestClient {
    return new TestClient(this.app, this.token, ip);
  }

  async request<T = any>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const res = await this.app.inject({
      method,
      url: ROOT_PATHS.some((root) => path.startsWith(root)) ? path : `${API_PREFIX}${path}`,
      remoteAddress: this.ip,
      headers: {
        cookie: `XSRF-TOKEN=${this.xsrf}`,
        'x-xsrf-token': this.xsrf,
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as any }),
    });
    let parsed: unknown = res.body;
    try {
      parsed = res.json();
    } catch {
      /* not JSON */
    }
    return { statusCode: res.statusCode, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body ?? {}, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }
}

export interface TestApp {
  app: App;
  client: TestClient;
  clock: TestClock;
  close: () => Promise<void>;
}

/** The real app on a fresh database, relaxed rate limits unless given, a movable clock, and the project's password hashing cost. */
export async function createTestApp(
  options: Partial<Pick<BuildOptions, 'rateLimits' | 'worker'>> & {
    env?: Record<string, string>;
    /** 'production' for a test of the stored hash itself; else the project's setting. */
    passwordHashing?: 'production';
  } = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const clock = testClock();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: `/tmp/lc-test-${randomBytes(4).toString('hex')}`,
    ...options.env,
  });
  // The project's TEST_PASSWORD_HASHING=cheap (vitest.config.ts) holds for test apps only: an app in
  // production mode hashes as production does.
  const cheap =
    process.env.TEST_PASSWORD_HASHING === 'cheap' &&
    env.NODE_ENV === 'test' &&
    options.passwordHashing !== 'production';
  setPasswordHashing(env, cheap ? 'cheap' : 'production');
  const app = await buildApp({
    env,
    database,
    rateLimits: { ...relaxedLimits, ...options.rateLimits },
    now: clock.now,
    logger: false,
    ...(options.worker === undefined ? {} : { worker: options.worker }),
  });
  return {
    app,
    client: new TestClient(app),
    clock,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** Statements of the test app's database waiting for a row lock (PostgreSQL; two-connection tests). */
export async function lockWaits(t: Pick<TestApp, 'app'>): Promise<number> {
  const result = await t.app.ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Polls `check` until it holds or `timeoutMs` passes (for work that happens after the answer, like queued jobs). */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  intervalMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms in vain`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
