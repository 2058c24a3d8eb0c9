import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_TEST_ENV, type TestApp } from './helpers.ts';

interface JsonSchema {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Operation {
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** The operations that read a multipart upload (field `file`). */
const UPLOADS = [
  'POST /live-connect/api/profile/photo',
  'POST /live-connect/api/admin/courses/{id}/image',
  'POST /live-connect/api/admin/courses/{id}/video',
  'POST /live-connect/api/admin/terms/{id}/image',
  'POST /live-connect/api/admin/terms/{id}/subjects',
  'PUT /live-connect/api/admin/subjects/{id}',
  'POST /live-connect/api/admin/subjects/{id}/questions/import',
  'POST /live-connect/api/admin/ads',
  'PUT /live-connect/api/admin/ads/{id}',
];

const XSRF = 'test-xsrf-token';

const needsToken = (op: Operation) =>
  Boolean(op.security?.length) && !op.security!.some((scheme) => Object.keys(scheme).length === 0);
const takesToken = (op: Operation) => Boolean(op.security?.some((scheme) => 'bearer' in scheme));
const xsrfHeaderOf = (op: Operation) =>
  op.parameters?.find((p) => p.in === 'header' && /xsrf/i.test(p.name) && p.required);

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let operations: { key: string; method: string; path: string; op: Operation }[];
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
    operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        op,
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every operation a summary', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter(({ op }) => !op.summary?.trim()).map(({ key }) => key)).toEqual([]);
  });

  it('documents the 4xx answers each operation can give, in the error envelope', () => {
    const envelope = document.components.schemas.ErrorEnvelope!;
    expect(envelope.required).toEqual(['status', 'message']);
    expect(document.components.schemas.ValidationErrorEnvelope!.required).toEqual(['status', 'message', 'errors']);
    const missing: string[] = [];
    for (const { key, method, op } of operations) {
      // A bare wildcard (/media/{*}) is any path: nothing there to refuse as invalid.
      const hasInput = Boolean(
        op.requestBody || op.parameters?.some((p) => p.in === 'query' || (p.in === 'path' && p.name !== '*')),
      );
      const expected = [
        400,
        ...(hasInput ? [422] : []),
        ...(needsToken(op) ? [401] : []),
        ...(method !== 'GET' && xsrfHeaderOf(op) ? [403] : []),
        ...(op.parameters?.some((p) => p.in === 'path') ? [404] : []),
        // A write's transaction PostgreSQL gave up on (a deadlock): plugins/errors.ts.
        ...(method !== 'GET' ? [503] : []),
      ];
      for (const status of expected) if (!op.responses[status]) missing.push(`${key} ${status}`);
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^[45]/.test(status)) continue;
        const ref = response.content?.['application/json']?.schema.$ref;
        const wanted =
          status === '422' ? '#/components/schemas/ValidationErrorEnvelope' : '#/components/schemas/ErrorEnvelope';
        if (ref !== wanted) missing.push(`${key} ${status} envelope`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('describes every upload as a multipart form with its file', () => {
    const multipart = operations.filter(({ op }) => op.requestBody?.content['multipart/form-data']);
    expect(multipart.map(({ key }) => key).sort()).toEqual([...UPLOADS].sort());
    for (const { key, op } of multipart) {
      const file = op.requestBody!.content['multipart/form-data']!.schema.properties?.file;
      expect(file, key).toEqual(expect.objectContaining({ type: 'string', format: 'binary' }));
    }
  });

  it('names the XSRF header on every non-GET operation the server checks, and it is the one the server reads', async () => {
    const unsafe = operations.filter(({ method }) => method !== 'GET');
    const webhooks = unsafe.filter(({ path }) => path.includes('webhook'));
    expect(unsafe.filter(({ op }) => !xsrfHeaderOf(op)).map(({ key }) => key)).toEqual(webhooks.map(({ key }) => key));
    const header = xsrfHeaderOf(document.paths['/live-connect/api/login']!.post!)!.name;
    const login = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/live-connect/api/login', payload: {}, headers });
    expect((await login({ cookie: `XSRF-TOKEN=${XSRF}` })).statusCode).toBe(403);
    // A refused body, not a refused write: and the 422 still carries its field errors (no response schema strips them).
    const res = await login({ cookie: `XSRF-TOKEN=${XSRF}`, [header]: XSRF });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: false,
      message: expect.any(String),
      errors: expect.objectContaining({ email: expect.any(Array) }),
    });
  });

  it('applies the bearer scheme exactly to the operations that answer 401 without a token', async () => {
    const wrong: string[] = [];
    for (const { key, method, path, op } of operations) {
      // A token or a signed link (invoice PDFs): either does, so no answer proves the scheme.
      if (takesToken(op) && !needsToken(op)) continue;
      const res = await t.app.inject({
        method: method as 'GET',
        url: path.replace(/\{[^}]+\}/g, '1'),
        headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      if ((res.statusCode === 401) !== needsToken(op)) wrong.push(`${key}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('/docs in production', () => {
  let closed: TestApp | undefined;
  let opened: TestApp | undefined;
  beforeAll(async () => {
    closed = await createTestApp({ env: PRODUCTION_TEST_ENV });
    opened = await createTestApp({ env: { ...PRODUCTION_TEST_ENV, API_DOCS: 'true' } });
  });
  afterAll(async () => {
    await closed?.close();
    await opened?.close();
  });

  it('is not served unless API_DOCS asks for it', async () => {
    for (const url of ['/docs', '/docs/json', '/docs/static/index.html']) {
      expect((await closed!.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const res = await opened!.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
