import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, purchases, videoRenditions } from '@app/db';
import { createTestApp, PRODUCTION_TEST_ENV, type TestApp } from './helpers.ts';
import { createLearner } from './fixtures.ts';
import { createCourse } from './catalogue-fixtures.ts';
import { signUp } from './accounts-helpers.ts';
import { confirmPayment } from '../src/services/payments/confirm-payment.ts';
import { postEntry } from '../src/services/wallet/index.ts';
import { UNMATCHED_ROUTE } from '../src/plugins/metrics.ts';
import { loadEnv } from '../src/env.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

async function scrape(t: TestApp, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  return { res, samples: res.statusCode === 200 ? parseExposition(res.body) : [] };
}

const PRODUCTION_ENV = PRODUCTION_TEST_ENV;

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is open outside production without METRICS_TOKEN, in the Prometheus text format, with process metrics', async () => {
    const { res, samples } = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('counts requests and times them by method, route pattern and status, never by raw URL', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/media/raw-key-q7x.png' })).statusCode).toBe(404);
    const course = await t.app.inject({ method: 'GET', url: '/live-connect/api/course/raw-id-zz9' });
    expect(course.statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject({ method: 'GET', url: '/no-such-page-k3v' })).statusCode).toBe(404);

    const { res, samples } = await scrape(t);
    const healthz = { method: 'GET', route: '/healthz', status_code: '200' };
    expect(valueOf(samples, 'http_requests_total', healthz)).toBe(3);
    expect(valueOf(samples, 'http_request_duration_seconds_count', healthz)).toBe(3);
    expect(valueOf(samples, 'http_request_duration_seconds_sum', healthz)).toBeGreaterThan(0);
    expect(valueOf(samples, 'http_request_duration_seconds_bucket', { ...healthz, le: '+Inf' })).toBe(3);
    expect(valueOf(samples, 'http_request_duration_seconds_bucket', { ...healthz, le: '0.025' })).toBeLessThanOrEqual(
      3,
    );

    expect(valueOf(samples, 'http_requests_total', { route: '/media/*', status_code: '404' })).toBe(1);
    expect(
      valueOf(samples, 'http_requests_total', {
        route: '/live-connect/api/course/:id',
        status_code: String(course.statusCode),
      }),
    ).toBe(1);
    expect(valueOf(samples, 'http_requests_total', { route: UNMATCHED_ROUTE, status_code: '404' })).toBe(1);
    for (const raw of ['raw-key-q7x', 'raw-id-zz9', 'no-such-page-k3v']) expect(res.body).not.toContain(raw);
  });

  it('reports payments confirmed, OTPs sent and ledger totals from the database', async () => {
    const before = (await scrape(t)).samples;
    expect(valueOf(before, 'live_connect_database_metrics_up')).toBe(1);
    expect(valueOf(before, 'live_connect_payments_confirmed_total')).toBe(0);
    expect(valueOf(before, 'live_connect_otps_sent_total')).toBe(0);
    expect(valueOf(before, 'live_connect_wallet_balance_paise')).toBe(0);

    // A payment confirmed the way /pay-now, the webhook and the reconciler do it.
    const learner = await createLearner(t.app);
    const [course] = await t.app.ctx.db
      .insert(courses)
      .values({
        name: `Course ${randomBytes(4).toString('hex')}`,
        pricePaise: 49_900,
        offerPricePaise: 49_900,
        isPublished: true,
      })
      .returning({ id: courses.id });
    const [purchase] = await t.app.ctx.db
      .insert(purchases)
      .values({
        userId: learner.id,
        courseId: course!.id,
        pricePaise: 49_900,
        amountPaise: 49_900,
        provider: 'sandbox',
        status: 'pending',
      })
      .returning({ id: purchases.id });
    const outcome = await confirmPayment(t.app.ctx, {
      purchaseId: purchase!.id,
      payment: { paymentId: 'pay_metrics_1', amountPaise: 49_900, currency: 'INR' },
    });
    expect(outcome).toBe('confirmed');

    // An OTP sent through the API, as a learner asks for one.
    const { token } = await signUp(t.client);
    expect((await t.client.as(token).get('/send-email-otp')).statusCode).toBe(200);

    // Ledger movements.
    await postEntry(t.app.ctx.db, {
      userId: learner.id,
      method: 'Level Reward',
      amountPaise: 12_345,
      points: 0,
      status: 'Done',
      description: 'test',
    });
    await postEntry(t.app.ctx.db, {
      userId: learner.id,
      method: 'Quiz Points',
      amountPaise: 0,
      points: 7,
      status: 'Done',
      description: 'test',
    });

    const after = (await scrape(t)).samples;
    expect(valueOf(after, 'live_connect_payments_confirmed_total')).toBe(1);
    expect(valueOf(after, 'live_connect_payments_confirmed_paise_total')).toBe(49_900);
    expect(valueOf(after, 'live_connect_otps_sent_total')).toBe(1);
    expect(valueOf(after, 'live_connect_wallet_balance_paise')).toBe(12_345);
    expect(valueOf(after, 'live_connect_wallet_points')).toBe(7);
    expect(valueOf(after, 'live_connect_users')).toBe(valueOf(before, 'live_connect_users')! + 2);
  });
  it('reports videos by transcoding state and the time the ready ones took', async () => {
    const course = await createCourse(t.app, {
      terms: [{ subjects: [{ fileType: 'video' }, { fileType: 'video' }, { fileType: 'video' }] }],
    });
    const [ready, slow, failed] = course.terms[0]!.subjects.map((subject) => subject.id);
    const at = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 6, 0, seconds));
    await t.app.ctx.db.insert(videoRenditions).values([
      {
        subjectId: ready!,
        sourceRef: 'a.mp4',
        status: 'ready',
        progress: 100,
        startedAt: at(0),
        finishedAt: at(30),
        updatedAt: at(30),
      },
      {
        subjectId: slow!,
        sourceRef: 'b.mp4',
        status: 'ready',
        progress: 100,
        startedAt: at(0),
        finishedAt: at(50),
        updatedAt: at(50),
      },
      {
        subjectId: failed!,
        sourceRef: 'c.mp4',
        status: 'failed',
        progress: 10,
        startedAt: at(0),
        finishedAt: at(5),
        updatedAt: at(5),
      },
    ]);
    const samples = (await scrape(t)).samples;
    expect(valueOf(samples, 'live_connect_videos', { status: 'ready' })).toBe(2);
    expect(valueOf(samples, 'live_connect_videos', { status: 'failed' })).toBe(1);
    expect(valueOf(samples, 'live_connect_videos', { status: 'running' })).toBe(0);
    expect(valueOf(samples, 'live_connect_video_transcode_seconds', { stat: 'sum' })).toBe(80);
    expect(valueOf(samples, 'live_connect_video_transcode_seconds', { stat: 'count' })).toBe(2);
    expect(valueOf(samples, 'live_connect_video_transcode_seconds', { stat: 'max' })).toBe(50);
  });
});

describe('GET /metrics access', () => {
  const token = 'metrics-token-for-tests-0123456789';
  let withToken: TestApp;
  let productionWithout: TestApp;
  beforeAll(async () => {
    withToken = await createTestApp({ env: { METRICS_TOKEN: token } });
    productionWithout = await createTestApp({ env: PRODUCTION_ENV });
  });
  afterAll(async () => {
    await withToken?.close();
    await productionWithout?.close();
  });

  it('with METRICS_TOKEN set, answers only `Authorization: Bearer <token>`', async () => {
    expect((await scrape(withToken)).res.statusCode).toBe(401);
    expect((await scrape(withToken, { authorization: `Bearer ${token}x` })).res.statusCode).toBe(401);
    expect((await scrape(withToken, { authorization: `Basic ${token}` })).res.statusCode).toBe(401);
    const ok = await scrape(withToken, { authorization: `Bearer ${token}` });
    expect(ok.res.statusCode).toBe(200);
    expect(valueOf(ok.samples, 'live_connect_database_metrics_up')).toBe(1);
  });

  it('is closed in production without METRICS_TOKEN', async () => {
    const { res } = await scrape(productionWithout);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: false,
      message: 'Metrics are off: set METRICS_TOKEN to read them in production.',
    });
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters', () => {
    expect(() => loadEnv({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters/,
    );
  });
});

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('honours x-request-id and returns it, on success and on errors', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'edge-7f3a' } });
    expect(ok.headers['x-request-id']).toBe('edge-7f3a');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/live-connect/api/me',
      headers: { 'x-request-id': 'edge-7f3b' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('edge-7f3b');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { 'x-request-id': 'edge-7f3c' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('edge-7f3c');
  });

  it('makes a new UUID per request when none is sent', async () => {
    const a = (await t.app.inject({ method: 'GET', url: '/healthz' })).headers['x-request-id'];
    const b = (await t.app.inject({ method: 'GET', url: '/healthz' })).headers['x-request-id'];
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b).not.toBe(a);
  });
});
