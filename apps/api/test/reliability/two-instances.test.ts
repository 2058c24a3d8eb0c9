import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases, users } from '@app/db';
import { API_PREFIX, buildApp, type App } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { createAdmin, multipartForm, pngBytes } from '../admin-fixtures.ts';
import { createCourse } from '../catalogue-fixtures.ts';
import { createLearner, TEST_PASSWORD } from '../fixtures.ts';
import { creditPoints, multipartFile, walletOf } from '../wallet-fixtures.ts';
import { exchange, type Exchanged } from './http-exchange.ts';
import { startProxy, UPSTREAM_HEADER, type Proxy } from './proxy.ts';
import { serverProcess, type ServerProcess } from './server-process.ts';
import { startS3Server } from '../s3-server.ts';
import { makeTestMp4 } from '../video-fixtures.ts';

/**
 * Two API instances behind a proxy on one PostgreSQL and one Redis (issue 7, deliverable 4) behave
 * as one: rate limits count across both, a token, an XSRF cookie, an OTP or an Idempotency-Key from
 * one is honoured by the other, and what one writes (a payment, a setting) the other sees at once.
 *
 * Each instance is the real server (apps/api/src/server.ts) in a process of its own, so no module
 * state can be shared by accident; the proxy (proxy.ts) alternates between them, and the test reads
 * which one answered from its x-upstream header. PGlite cannot be opened by two processes, so this
 * runs only with TEST_DATABASE_URL (PostgreSQL) and a reachable Redis (TEST_REDIS_URL, by default
 * database 3 of the local server, whose rate-limit keys it clears first).
 */

const POSTGRES_URL = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
/** The default rule of lib/rate-limits.ts the instances run with. */
const LOGIN_FAILURES_PER_ACCOUNT = 10;

/** Whether Redis answers; when it does, the rate-limit counters of earlier runs are cleared (ids restart with each database). */
async function prepareRedis(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    const keys = await redis.keys('rl:*');
    if (keys.length) await redis.del(...keys);
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const redisReady = POSTGRES_URL ? await prepareRedis(REDIS_URL) : false;
const skipReason = !POSTGRES_URL
  ? 'needs PostgreSQL (TEST_DATABASE_URL on the api-postgres project): two processes cannot share a PGlite database'
  : !redisReady
    ? `needs Redis at ${REDIS_URL}`
    : null;
if (skipReason) console.log(`two-instances: skipped, ${skipReason}`);

// ---------------------------------------------------------------- the cluster

/** This file's ports, one per instance (4200-4299 belong to the reliability tests). */
const FIRST_PORT = 4220;
const WORKER_PORT = 4229;

async function createSharedDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rel_multi_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

interface Cluster {
  instances: ServerProcess[];
  worker: ServerProcess;
  proxy: Proxy;
  /** The app in this process on the same database, for fixtures only: it serves nothing. */
  fixtures: App;
  close: () => Promise<void>;
}

/**
 * Two instances and a job worker started together on an empty database (their migrations take
 * turns on an advisory lock), each with its own data folder as on separate machines, sharing what a
 * deployment shares (docs/deploy.md): DATABASE_URL, REDIS_URL, the bucket (STORAGE_URL=s3://…, a
 * real S3-protocol server) and APP_SECRET (signed links and encrypted bank details must read the
 * same everywhere). The instances only queue jobs (WORKER=false); the worker runs them.
 */
async function startCluster(databaseUrl: string): Promise<Cluster> {
  const appSecret = `two-instances-${randomBytes(16).toString('hex')}`;
  const s3 = await startS3Server();
  const dataDirs = await Promise.all([0, 1, 2].map(() => mkdtemp(join(tmpdir(), 'rel-multi-'))));
  const shared = {
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    APP_SECRET: appSecret,
    TRUST_PROXY: '1',
    ...s3.env('cluster'),
  };
  const processes = dataDirs.map((dataDir, i) =>
    serverProcess({
      // The worker skips 4222, which NATS holds on these machines.
      port: i === 2 ? WORKER_PORT : FIRST_PORT + i,
      logFile: join(dataDir, 'server.log'),
      entry: i === 2 ? 'worker' : 'server',
      env: { ...shared, DATA_DIR: dataDir, WORKER: i === 2 ? 'true' : 'false' },
    }),
  );
  const instances = processes.slice(0, 2);
  const worker = processes[2]!;
  await Promise.all(processes.map((process) => process.start()));
  const proxy = await startProxy(instances.map((instance) => instance.url));
  const fixtures = await buildApp({
    env: loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      APP_SECRET: appSecret,
      DATA_DIR: dataDirs[0]!,
      ...s3.env('cluster'),
    }),
    logger: false,
  });
  return {
    instances,
    worker,
    proxy,
    fixtures,
    close: async () => {
      await fixtures.close();
      await proxy.close();
      await Promise.all(processes.map((process) => process.stop()));
      await s3.close();
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

// ---------------------------------------------------------------- a client of the proxy

interface Answer extends Exchanged {
  /** Which instance answered. */
  upstream: string;
}

/** Paths served beside the API rather than under its prefix. */
const ROOT_PATHS = ['/healthz', '/readyz', '/dev/', '/sandbox/', '/media/'];

/**
 * A browser-like caller of the proxy from its own loopback address (127.x.y.z), keeping the
 * XSRF-TOKEN cookie the server sets and echoing it on writes, as the web client does.
 */
class ProxyClient {
  xsrf: string | undefined;
  private readonly proxyUrl: string;
  readonly address: string;
  token: string | undefined;

  constructor(proxyUrl: string, address: string, token?: string) {
    this.proxyUrl = proxyUrl;
    this.address = address;
    this.token = token;
  }

  /** A Buffer body is sent as it is (give its content-type), anything else as JSON. */
  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const url = new URL(
      ROOT_PATHS.some((root) => path.startsWith(root)) ? path : `${API_PREFIX}${path}`,
      this.proxyUrl,
    );
    const payload = body === undefined || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    const answer = await exchange(
      url,
      {
        method,
        localAddress: this.address,
        agent: false,
        headers: {
          ...(this.xsrf ? { cookie: `XSRF-TOKEN=${this.xsrf}`, 'x-xsrf-token': this.xsrf } : {}),
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
          ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      payload,
    );
    const cookie = [answer.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => /^XSRF-TOKEN=([^;]+)/.exec(c)?.[1])
      .find(Boolean);
    if (cookie) this.xsrf = cookie;
    return { ...answer, upstream: String(answer.headers[UPSTREAM_HEADER]) };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }
  post(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }
  put(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('PUT', path, body, headers);
  }
}

/** A client address of its own per run, so the per-address limits in Redis start afresh. */
function loopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** Asserts that consecutive answers came from alternating instances, i.e. the scenario really crossed over. */
function expectAlternating(answers: Answer[]): void {
  for (let i = 1; i < answers.length; i++) expect(answers[i]!.upstream).not.toBe(answers[i - 1]!.upstream);
}

// ---------------------------------------------------------------- the scenarios

describe.skipIf(Boolean(skipReason))('two API instances behind a proxy on one PostgreSQL and Redis', () => {
  let database: { url: string; drop: () => Promise<void> };
  let cluster: Cluster;
  let fixtures: App;
  /** A new caller of the proxy from a fresh address, having opened the app once (which sets its XSRF cookie). */
  const newClient = async (token?: string) => {
    const client = new ProxyClient(cluster.proxy.url, loopbackAddress(), token);
    expect((await client.get('/healthz')).status).toBe(200);
    return client;
  };

  beforeAll(async () => {
    database = await createSharedDatabase(POSTGRES_URL!);
    cluster = await startCluster(database.url);
    fixtures = cluster.fixtures;
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
    await database?.drop();
  });

  it('spreads requests over both instances, which see the client address rather than the proxy', async () => {
    const client = await newClient();
    const answers = [await client.get('/healthz'), await client.get('/healthz'), await client.get('/healthz')];
    expectAlternating(answers);
    expect(new Set(answers.map((a) => a.upstream))).toEqual(new Set(cluster.instances.map((i) => i.url)));

    const email = `two-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await client.post('/register', {
      first_name: 'Two',
      last_name: 'Instances',
      email,
      mobile: '9876543210',
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
      disclaimer: true,
    });
    expect(registered.status).toBe(200);
    const [user] = await fixtures.ctx.db
      .select({ signupIp: users.signupIp })
      .from(users)
      .where(eq(users.emailCanonical, email));
    expect(user!.signupIp).toBe(client.address);
  });

  it('honours a token issued by one instance on the other, and a logout on one revokes it on both', async () => {
    const learner = await createLearner(fixtures);
    const client = await newClient();
    const login = await client.post('/login', { email: learner.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    client.token = login.body.data.token;

    const me = await client.get('/me');
    expect(me.status).toBe(200);
    const logout = await client.post('/logout');
    expect(logout.status).toBe(200);
    const afterLogout = [await client.get('/me'), await client.get('/me')];
    expect(afterLogout.map((a) => a.status)).toEqual([401, 401]);
    expectAlternating([login, me, logout, ...afterLogout]);
  });

  /** A caller of one instance directly, past the proxy, having opened the app there once (for its XSRF cookie). */
  const clientOf = async (instanceUrl: string, token?: string) => {
    const client = new ProxyClient(instanceUrl, loopbackAddress(), token);
    expect((await client.get('/healthz')).status).toBe(200);
    return client;
  };
  /** Asks `answer` again until `isDone` holds or a second has passed since `since`; the last answer. */
  async function withinOneSecond(
    since: number,
    answer: () => Promise<Answer>,
    isDone: (a: Answer) => boolean,
  ): Promise<Answer> {
    for (;;) {
      const last = await answer();
      if (isDone(last) || Date.now() - since > 1_000) return last;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('refuses a token on one instance within a second of its logout on the other, though both had it cached (decision 025)', async () => {
    const learner = await createLearner(fixtures);
    const [first, second] = cluster.instances.map((instance) => instance.url) as [string, string];
    const here = await clientOf(first, learner.token);
    const there = await clientOf(second, learner.token);
    // Each instance reads the session once and then serves it from its cache.
    for (const client of [here, there, here, there]) expect((await client.get('/me')).status).toBe(200);

    const loggedOutAt = Date.now();
    expect((await here.post('/logout')).status).toBe(200);
    const refused = await withinOneSecond(
      loggedOutAt,
      () => there.get('/me'),
      (a) => a.status === 401,
    );
    expect(refused.status).toBe(401);
    expect((await here.get('/me')).status).toBe(401);
  });

  it('shows on one instance, within a second, a course an operator edited on the other (decision 025)', async () => {
    const admin = await createAdmin(fixtures);
    const learner = await createLearner(fixtures);
    const oldName = `Before ${randomBytes(3).toString('hex')}`;
    const course = await createCourse(fixtures, { name: oldName });
    const [first, second] = cluster.instances.map((instance) => instance.url) as [string, string];
    const operator = await clientOf(first, admin.token);
    const reader = await clientOf(second, learner.token);
    const cached = [await reader.get('/course'), await reader.get('/course')];
    expect(cached.map((a) => a.status)).toEqual([200, 200]);
    expect(JSON.stringify(cached[1]!.body)).toContain(oldName);
    const etag = String(cached[1]!.headers.etag);
    expect((await reader.get('/course', { 'if-none-match': etag })).status).toBe(304);

    const newName = `After ${randomBytes(3).toString('hex')}`;
    const editedAt = Date.now();
    expect((await operator.put(`/admin/courses/${course.id}`, { name: newName })).status).toBe(200);
    const seen = await withinOneSecond(
      editedAt,
      () => reader.get('/course', { 'if-none-match': etag }),
      (a) => a.status === 200,
    );
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body)).toContain(newName);
  });

  it('counts login failures per account across both instances: the limit holds and either serves the 429', async () => {
    const learner = await createLearner(fixtures);
    const client = await newClient();
    const failures: Answer[] = [];
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++)
      failures.push(await client.post('/login', { email: learner.email, password: 'Wrong@123' }));
    expect(failures.map((a) => a.status)).toEqual(Array(LOGIN_FAILURES_PER_ACCOUNT).fill(422));
    expectAlternating(failures);

    // Each instance saw only half the failures: only a shared counter has reached the limit.
    const limited = [
      await client.post('/login', { email: learner.email, password: TEST_PASSWORD }),
      await client.post('/login', { email: learner.email, password: TEST_PASSWORD }),
    ];
    expect(limited.map((a) => a.status)).toEqual([429, 429]);
    expectAlternating(limited);
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('sees a payment confirmed on one instance from the other: the purchase is paid and the course open', async () => {
    const learner = await createLearner(fixtures);
    const course = await createCourse(fixtures, { pricePaise: 49_900 });
    const client = await newClient(learner.token);
    expect((await client.get(`/terms/${course.id}`)).status).toBe(403);

    const checkout = await client.post('/checkout', { course_id: course.id });
    expect(checkout.status).toBe(200);
    const paid = await client.post('/sandbox/pay', { order_id: checkout.body.data.order_id, outcome: 'success' });
    expect(paid.status).toBe(200);
    const confirmed = await client.post('/pay-now', {
      payment_id: paid.body.razorpay_payment_id,
      order_id: paid.body.razorpay_order_id,
      signature: paid.body.razorpay_signature,
    });
    expect(confirmed.status).toBe(200);
    const terms = await client.get(`/terms/${course.id}`);
    expect(terms.status).toBe(200);
    const learn = await client.get('/learn');
    expect(learn.status).toBe(200);
    expect(JSON.stringify(learn.body.data)).toContain(`"id":${course.id}`);
    // Checkout, the provider's pay call, the confirmation and the reads each crossed to the other instance.
    expectAlternating([checkout, paid, confirmed, terms, learn]);
  });

  it('accepts on one instance the XSRF cookie the other set, and refuses a mismatch on both', async () => {
    const learner = await createLearner(fixtures);
    const client = new ProxyClient(cluster.proxy.url, loopbackAddress());
    const opened = await client.get('/healthz');
    expect(client.xsrf).toBeTruthy();
    const validated = await client.post('/reference-user-validate', { reference_user: learner.referralCode });
    expect(validated.status).toBe(200);
    expectAlternating([opened, validated]);

    const mismatched = [
      await client.post(
        '/reference-user-validate',
        { reference_user: learner.referralCode },
        { 'x-xsrf-token': 'forged' },
      ),
      await client.post(
        '/reference-user-validate',
        { reference_user: learner.referralCode },
        { 'x-xsrf-token': 'forged' },
      ),
    ];
    expect(mismatched.map((a) => a.status)).toEqual([403, 403]);
    expectAlternating(mismatched);
  });

  it('shares e-mail OTPs and their resend wait: sent by one instance, verified on the other', async () => {
    const learner = await createLearner(fixtures, { verified: false });
    const client = await newClient(learner.token);
    const sent = await client.get('/send-email-otp');
    expect(sent.status).toBe(200);
    const tooSoon = await client.get('/send-email-otp');
    expect(tooSoon.status).toBe(429);

    const mailbox = await client.get('/dev/mailbox');
    const mail = (mailbox.body as { to: string; text: string }[]).find((m) => m.to === learner.email);
    const otp = /\b(\d{6})\b/.exec(mail!.text)![1];
    const verified = await client.post('/verify-email-otp', { email: learner.email, otp });
    expect(verified.status).toBe(200);
    expectAlternating([sent, tooSoon, mailbox, verified]);
  });

  it('replays on one instance the answer the other gave for an Idempotency-Key, moving points once', async () => {
    const learner = await createLearner(fixtures);
    await creditPoints(fixtures, learner.id, 100);
    const client = await newClient(learner.token);
    const key = `two-instances-${randomBytes(6).toString('hex')}`;
    const first = await client.post('/redeem-point', { point: 30 }, { 'idempotency-key': key });
    const retry = await client.post('/redeem-point', { point: 30 }, { 'idempotency-key': key });
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expectAlternating([first, retry]);
    expect((await walletOf(fixtures, learner.id)).points).toBe(70);
  });

  it('serves from one instance the photo uploaded through the other: both use the bucket, through signed links', async () => {
    const learner = await createLearner(fixtures);
    const client = await newClient(learner.token);
    const { body, headers } = multipartFile('file', 'me.png', 'image/png', await pngBytes());
    const uploaded = await client.post('/profile/photo', body, headers);
    expect(uploaded.status).toBe(200);
    const photo = await client.get(uploaded.body.data);
    expect(photo.status).toBe(302);
    expectAlternating([uploaded, photo]);
    const fromBucket = await fetch(String(photo.headers.location));
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get('content-type')).toBe('image/png');
  });

  it('has the worker transcode a video an admin uploaded through one instance, and a learner on the other plays it as HLS', async () => {
    const admin = await createAdmin(fixtures);
    const adminClient = await newClient(admin.token);
    const course = await createCourse(fixtures, { terms: [{ subjects: [{ fileType: 'youtube' }] }] });
    const subjectId = course.terms[0]!.subjects[0]!.id;
    const mp4 = makeTestMp4(await mkdtemp(join(tmpdir(), 'rel-multi-video-')), { seconds: 3, size: '640x360' });
    const form = multipartForm({ file_type: 'video' }, { filename: 'lecture.mp4', type: 'video/mp4', content: mp4 });
    const uploaded = await adminClient.put(`/admin/subjects/${subjectId}`, form.body, { ...form.headers });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);

    const learner = await createLearner(fixtures);
    await fixtures.ctx.db.insert(purchases).values({
      userId: learner.id,
      courseId: course.id,
      pricePaise: 100,
      amountPaise: 100,
      status: 'paid',
      provider: 'sandbox',
      paidAt: new Date(),
    });
    const client = await newClient(learner.token);
    let hlsUrl: string | null = null;
    const deadline = Date.now() + 90_000;
    while (!hlsUrl && Date.now() < deadline) {
      const chapters = await client.get(`/term-subjects/${course.terms[0]!.id}`);
      hlsUrl = chapters.body.data[0].hls_url;
      if (!hlsUrl) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(hlsUrl, 'the worker transcoded the upload').toBeTruthy();
    const master = await client.get(new URL(hlsUrl!, cluster.proxy.url).pathname.replace(API_PREFIX, ''));
    expect(master.status).toBe(200);
    expect(String(master.body)).toContain('#EXT-X-STREAM-INF');
    // A rendition's playlist names its segments by signed links to the bucket: the API streams no video.
    const masterUrl = new URL(hlsUrl!, cluster.proxy.url);
    const variantPath = String(master.body)
      .split('\n')
      .find((line) => line && !line.startsWith('#'))!;
    const variant = await client.get(new URL(variantPath, masterUrl).pathname.replace(API_PREFIX, ''));
    expect(variant.status).toBe(200);
    const segment = String(variant.body)
      .split('\n')
      .find((line) => line && !line.startsWith('#'))!;
    expect(segment).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*X-Amz-Signature=/);
    // They outlive a long lecture (the playlist is read once), unlike the 300 s file links.
    expect(new URL(segment).searchParams.get('X-Amz-Expires')).toBe(String(6 * 3600));
    const bytes = await fetch(segment);
    expect(bytes.status).toBe(200);
    expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  }, 120_000);

  it('serves a setting an operator changed on one instance from the other at once', async () => {
    const admin = await createAdmin(fixtures);
    const client = await newClient(admin.token);
    const saved = await client.put('/admin/settings', { convert_value: 2.5 });
    expect(saved.status).toBe(200);
    const read = await client.get('/convert-value');
    expect(read.body.data.convert_value).toBe(2.5);
    expectAlternating([saved, read]);
  });
});
