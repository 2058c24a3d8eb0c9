import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@app/db';
import { findSession, revokeToken } from '../../src/services/accounts/index.ts';
import { issueToken } from '../../src/services/accounts/issue-token.ts';
import { createAdmin } from '../admin-fixtures.ts';
import { createCourse } from '../catalogue-fixtures.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { setReferenceData } from '../wallet-fixtures.ts';

/**
 * Bad input over the whole API (issue 7, deliverable 4): every operation of the OpenAPI document the
 * app serves, plus the routes the document hides, receives generated invalid requests — wrong
 * types, missing fields, 1 MB strings, odd unicode, malformed JSON, wrong content types and
 * methods, bad path parameters and query strings, bad tokens — as an admin, a learner and
 * strangers. No answer may be a 5xx, and every answer that is not a success must be the error
 * envelope. The requests are drawn by fast-check from one printed seed (FUZZ_SEED replays it).
 */

const REQUESTS_WANTED = 6_200;
/** Invalid input that happens to be valid (odd unicode in a free-text name, a lucky id) succeeds: rarely. */
const MAX_SUCCESS_SHARE = 0.05;
const MB = 1024 * 1024;

// ---------------------------------------------------------------- the OpenAPI document

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  /** OpenAPI path, e.g. /live-connect/api/course/{id} */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | undefined;
  isAdmin: boolean;
  /** The document names a bearer scheme: a bad token must be refused. */
  requiresAuth: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
}

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

/** Served beside the API and hidden from the document, but reachable all the same. */
const HIDDEN_PATHS = ['/healthz', '/readyz', '/metrics', '/dev/mailbox', '/docs/json'];

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(byMethod)) {
      if (!HTTP_METHODS.includes(method.toUpperCase())) continue;
      const parameters = spec.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: spec.requestBody?.content['application/json']?.schema,
        isAdmin: path.includes('/admin/'),
        requiresAuth: Boolean(spec.security?.length),
      });
    }
  }
  for (const path of HIDDEN_PATHS) {
    operations.push({
      method: 'GET',
      path,
      pathParams: [],
      queryParams: [],
      body: undefined,
      isAdmin: false,
      requiresAuth: false,
    });
  }
  return operations;
}

function methodsByPath(operations: Operation[]): Map<string, Set<string>> {
  const methods = new Map<string, Set<string>>();
  for (const op of operations) {
    if (!methods.has(op.path)) methods.set(op.path, new Set());
    methods.get(op.path)!.add(op.method);
  }
  return methods;
}

// ---------------------------------------------------------------- values that pass the schema

/** A value the schema accepts (as far as a pattern-free reading can tell): the base every mutation starts from. */
function validValue(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return validValue(schema.anyOf[0]);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => validValue(schema.items ?? {}));
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, validValue(value)]),
      );
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.pattern === '^\\d{10}$') return '9876543210';
      return 'Valid 1'.padEnd(schema.minLength ?? 0, 'x');
    default:
      return null;
  }
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether a value has a type the schema allows (integer counts as a number). */
function fitsType(value: unknown, schema: JsonSchema): boolean {
  if (schema.anyOf) return schema.anyOf.some((s) => fitsType(value, s));
  const type = jsonTypeOf(value);
  if (type === 'null') return Boolean(schema.nullable);
  if (!schema.type) return true;
  return type === schema.type || (schema.type === 'number' && type === 'integer');
}

/** URL-encodes any string, lone surrogates included (as U+FFFD, as a browser would). */
function percentEncode(value: string): string {
  return encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

// ---------------------------------------------------------------- generators of bad input

const ODD_UNITS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '\u202e',
  '\u200f',
  '\u200b',
  '\ufeff',
  '\uffff',
  '\ufffe',
  '\u0085',
  '\u2028',
  '😀',
  '👩‍👩‍👧‍👦',
  '🇮🇳',
  'e\u0301',
  'Z\u0364\u0351\u0313\u0324',
  '𝕏',
  '١٢٣',
  'ﷺ',
  '\u0007',
  '\r\n',
  '"',
  '\\',
  "'",
  '<',
  '%',
  'a',
];

const oddUnicode = fc.oneof(
  fc.array(fc.constantFrom(...ODD_UNITS), { minLength: 1, maxLength: 12 }).map((units) => units.join('')),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  fc.string({
    unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
    minLength: 1,
    maxLength: 8,
  }),
);

/** Values of every JSON type and the edges of numbers; filtered per field to the types the field refuses. */
const anyJson = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 30 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.constantFrom(
    1e308,
    -1e308,
    2 ** 53 + 1,
    2 ** 31,
    -(2 ** 31) - 1,
    -1,
    0,
    0.5,
    '',
    ' ',
    '1',
    'true',
    'null',
    [],
    {},
  ),
);

/** Path segments as they arrive in a URL: non-numbers, signs, beyond int32 and bigint, broken percent-encoding. */
const badPathValue = fc.oneof(
  fc.constantFrom(
    'abc',
    '-1',
    '0',
    '1.5',
    '2147483648',
    '4294967296',
    '9223372036854775808',
    '-9223372036854775809',
    '99999999999999999999999999',
    '1e3',
    '0x10',
    '+1',
    '%201',
    '1%20',
    'NaN',
    'Infinity',
    'null',
    'true',
    '%5B%5D',
    '%7B%7D',
    '%D9%A1%D9%A2',
    '%00',
    '%',
    '%zz',
    '%ED%A0%80',
    '%FF',
    '%C0%AF',
    '..',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    'a'.repeat(201),
    '9'.repeat(300),
    ';',
    '%0A',
    '1;DROP TABLE users',
    '%27%20OR%201%3D1--',
  ),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 90n }).map(String),
  fc.integer({ min: -(2 ** 31), max: 0 }).map(String),
  oddUnicode.map(percentEncode),
);

/**
 * Whole query strings: wrong types, repeats, brackets, broken encoding, odd unicode; in the
 * operation's own parameters when it has any, else in names a careless client might send.
 */
function badQueryArb(op: Operation): fc.Arbitrary<string> {
  const names = op.queryParams.length
    ? op.queryParams.map((p) => p.name)
    : ['page', 'per_page', 'q', '__proto__', 'constructor'];
  const pair = fc.tuple(fc.constantFrom(...names), badPathValue).map(([name, value]) => `${name}=${value}`);
  return fc.oneof(
    pair,
    fc.array(pair, { minLength: 2, maxLength: 5 }).map((pairs) => pairs.join('&')),
    fc.constantFrom(...names).map((name) => `${name}=1&${name}=2`),
    fc.constantFrom(...names).map((name) => `${name}[]=1&${name}[a]=2`),
    fc.constantFrom(...names).map((name) => `${name}`),
    fc.constantFrom(...names).map((name) => `${name}=`),
    fc.constantFrom('%', '&&&', '=x', '=', '?', '#', 'a=%zz', '%E0%A4%A', 'page=-0', 'per_page=1e400', 'page=0x10'),
    fc.tuple(fc.constantFrom(...names), oddUnicode).map(([name, value]) => `${name}=${percentEncode(value)}`),
  );
}

const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1,}',
  "{'a':1}",
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '{a:1}',
  'NaN',
  'undefined',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '[]',
  '""',
  '1',
  'null',
  'true',
  `{"a":${'1'.repeat(400)}}`,
  '{"a":1e999}',
  '{"a":-0}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/json, text/html',
  ';;;',
  'a'.repeat(5_000),
  'application/octet-stream',
  'image/png',
  'application/jsonx',
  '*/*',
  'application/json;',
];

/** Multipart bodies a careless or hostile client sends: cut off, mismatched, oversized, odd names. */
function badMultipartArb(): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const part = (name: string, content: Buffer | string, filename?: string) =>
    Buffer.concat([
      Buffer.from(
        `--B\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n` +
          (filename === undefined ? '' : 'Content-Type: image/png\r\n') +
          '\r\n',
      ),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from('--B--\r\n');
  return fc.oneof(
    fc.uint8Array({ maxLength: 2_000 }).map((bytes) => ({
      payload: Buffer.concat([part('file', Buffer.from(bytes), 'a.png'), end]),
      contentType: 'multipart/form-data; boundary=B',
    })),
    fc.uint8Array({ maxLength: 500 }).map((bytes) => ({
      payload: part('file', Buffer.from(bytes), 'a.png'),
      contentType: 'multipart/form-data; boundary=B',
    })),
    fc.constant({
      payload: Buffer.concat([part('file', 'x', 'a.png'), end]),
      contentType: 'multipart/form-data; boundary=Other',
    }),
    fc.constant({
      payload: Buffer.concat([part('file', Buffer.alloc(3 * MB), 'big.png'), end]),
      contentType: 'multipart/form-data; boundary=B',
    }),
    fc.constant({
      payload: Buffer.concat([part('other', 'x', 'a.png'), end]),
      contentType: 'multipart/form-data; boundary=B',
    }),
    fc.constant({
      payload: Buffer.concat([...Array.from({ length: 25 }, (_, i) => part(`f${i}`, 'v')), end]),
      contentType: 'multipart/form-data; boundary=B',
    }),
    fc.tuple(oddUnicode, oddUnicode).map(([name, value]) => ({
      payload: Buffer.concat([part(name.replace(/["\r\n]/g, ''), value), part('name', value), end]),
      contentType: 'multipart/form-data; boundary=B',
    })),
    fc.constant({ payload: Buffer.from('garbage'), contentType: 'multipart/form-data; boundary=B' }),
    fc.constant({ payload: Buffer.alloc(0), contentType: 'multipart/form-data; boundary=B' }),
  );
}

// ---------------------------------------------------------------- a request and who sends it

type Caller =
  'admin' | 'learner' | 'unverified' | 'anonymous' | 'garbage' | 'expired' | 'revoked' | 'tampered' | 'malformed';
const BAD_CALLERS: Caller[] = ['anonymous', 'garbage', 'expired', 'revoked', 'tampered', 'malformed'];

type Kind =
  | 'wrong-type'
  | 'missing-field'
  | 'huge-string'
  | 'odd-unicode'
  | 'malformed-json'
  | 'wrong-content-type'
  | 'bad-multipart'
  | 'bad-path-param'
  | 'bad-query'
  | 'wrong-method'
  | 'bad-token'
  | 'bad-xsrf'
  | 'edge';

interface FuzzRequest {
  kind: Kind;
  caller: Caller;
  /** For garbage and malformed callers: the Authorization header as sent. */
  authorization?: string;
  method: string;
  path: string;
  query: string;
  body?: { payload: string | Buffer; contentType?: string };
  xsrf?: { cookie?: string; header?: string };
  /**
   * False when the bad input is only in something the operation does not read (an unknown query
   * parameter or body field, a token on a public route): then a success is the right answer.
   */
  isRefusalExpected: boolean;
}

/** A request before its caller is chosen. */
type Draft = Omit<FuzzRequest, 'kind' | 'caller'>;

const hasBody = (method: string) => !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);

/** The request as the operation's own client would send it; every mutation changes one thing of it. */
function baseRequest(op: Operation): Draft {
  let path = op.path;
  for (const param of op.pathParams)
    path = path.replace(`{${param.name}}`, param.schema.type === 'integer' ? '1' : 'abc');
  return {
    method: op.method,
    path,
    query: '',
    body: hasBody(op.method)
      ? { payload: JSON.stringify(op.body ? validValue(op.body) : {}), contentType: 'application/json' }
      : undefined,
    isRefusalExpected: true,
  };
}

function withPathParam(op: Operation, name: string, value: string): string {
  let path = op.path.replace(`{${name}}`, value);
  for (const param of op.pathParams) path = path.replace(`{${param.name}}`, '1');
  return path;
}

const jsonBody = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });

/** For each kind of bad input, the requests of that kind for one operation (null where it does not apply). */
function mutationsOf(op: Operation, allMethods: Set<string>): [Kind, fc.Arbitrary<Draft>][] {
  const base = baseRequest(op);
  const bodyObject = (op.body ? validValue(op.body) : {}) as Record<string, unknown>;
  const fields = Object.keys(op.body?.properties ?? {});
  const required = op.body?.required ?? [];
  const fieldOrExtra = fc.constantFrom(...fields, 'fuzz_extra');
  // Fastify reads no body on GET: body mutations go to the other methods, strings to path and query.
  const readsBody = op.method !== 'GET';
  const hasQuery = op.queryParams.length > 0;
  const stringSlots = [...(readsBody ? ['body'] : []), ...(op.pathParams.length ? ['path'] : []), 'query'];
  const mutations: [Kind, fc.Arbitrary<Draft> | null][] = [
    [
      'wrong-type',
      fields.length
        ? fc
            .tuple(fc.constantFrom(...fields), anyJson)
            .filter(([field, value]) => !fitsType(value, op.body!.properties![field]!))
            .map(([field, value]) => ({ ...base, body: jsonBody({ ...bodyObject, [field]: value }) }))
        : readsBody
          ? anyJson
              .filter((value) => jsonTypeOf(value) !== 'object')
              .map((value) => ({ ...base, body: jsonBody(value) }))
          : null,
    ],
    [
      'missing-field',
      required.length
        ? fc.subarray(required, { minLength: 1 }).map((missing) => ({
            ...base,
            body: jsonBody(Object.fromEntries(Object.entries(bodyObject).filter(([key]) => !missing.includes(key)))),
          }))
        : null,
    ],
    // Just past the 1 MB body limit, just under it (parsed, then refused by a field's maximum), and 200 kB.
    [
      'huge-string',
      fc
        .tuple(
          fieldOrExtra,
          fc.constantFrom(MB + 1, MB - 200, 200_000),
          fc.constantFrom('x', '😀', '\u0000'),
          fc.boolean(),
        )
        .map(([field, bytes, unit, inQuery]) =>
          inQuery || !readsBody
            ? {
                ...base,
                query: `${op.queryParams[0]?.name ?? field}=${percentEncode(unit).repeat(100_000 / 4)}`,
                isRefusalExpected: hasQuery,
              }
            : {
                ...base,
                body: jsonBody({
                  ...bodyObject,
                  [field]: unit.repeat(Math.ceil(bytes / (Buffer.byteLength(JSON.stringify(unit)) - 2))),
                }),
                isRefusalExpected: field !== 'fuzz_extra' || bytes > MB,
              },
        ),
    ],
    [
      'odd-unicode',
      fc.tuple(fc.constantFrom(...stringSlots), fieldOrExtra, oddUnicode).map(([where, field, value]) => {
        if (where === 'path') return { ...base, path: withPathParam(op, op.pathParams[0]!.name, percentEncode(value)) };
        if (where === 'query')
          return {
            ...base,
            query: `${op.queryParams[0]?.name ?? field}=${percentEncode(value)}`,
            isRefusalExpected: hasQuery,
          };
        return {
          ...base,
          body: jsonBody({ ...bodyObject, [field]: value }),
          isRefusalExpected: field !== 'fuzz_extra',
        };
      }),
    ],
    [
      'malformed-json',
      !readsBody
        ? null
        : fc
            .oneof(
              fc.constantFrom(...MALFORMED_JSON),
              fc.string({ maxLength: 50 }),
              fc.nat({ max: 40 }).map((cut) => JSON.stringify(bodyObject).slice(0, cut)),
              fc.constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d])),
              fc.constant(''),
            )
            .map((payload) => ({ ...base, body: { payload, contentType: 'application/json' } })),
    ],
    [
      'wrong-content-type',
      !readsBody
        ? null
        : fc
            .oneof(fc.constantFrom(...WRONG_CONTENT_TYPES), fc.constant(undefined))
            .map((contentType) => ({ ...base, body: { payload: JSON.stringify(bodyObject), contentType } })),
    ],
    ['bad-multipart', !readsBody ? null : badMultipartArb().map((body) => ({ ...base, body }))],
    [
      'bad-path-param',
      op.pathParams.length
        ? fc
            .tuple(fc.constantFrom(...op.pathParams.map((p) => p.name)), badPathValue)
            .map(([name, value]) => ({ ...base, path: withPathParam(op, name, value) }))
        : null,
    ],
    ['bad-query', badQueryArb(op).map((query) => ({ ...base, query, isRefusalExpected: hasQuery }))],
    [
      'wrong-method',
      fc
        .constantFrom(...HTTP_METHODS.filter((m) => !allMethods.has(m) && !(m === 'HEAD' && allMethods.has('GET'))))
        .map((method) => ({ ...base, method, body: hasBody(method) ? jsonBody(bodyObject) : undefined })),
    ],
    ['bad-token', fc.constant({ ...base, isRefusalExpected: op.requiresAuth })],
    [
      'bad-xsrf',
      hasBody(op.method)
        ? fc
            .constantFrom(
              {},
              { cookie: 'a' },
              { header: 'a' },
              { cookie: 'a', header: 'b' },
              { cookie: 'a', header: 'a'.repeat(2) },
            )
            .map((xsrf) => ({ ...base, xsrf }))
        : null,
    ],
  ];
  return mutations.filter((m): m is [Kind, fc.Arbitrary<Draft>] => m[1] !== null);
}

const badAuthorization = fc.oneof(
  fc
    .string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
      minLength: 1,
      maxLength: 200,
    })
    .map((t) => `Bearer ${t}`),
  fc.base64String({ minLength: 40, maxLength: 48 }).map((t) => `Bearer ${t}`),
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'bearer',
    'Basic dXNlcjpwYXNz',
    'Bearer a b',
    'Token abc',
    `Bearer ${'A'.repeat(10_000)}`,
    'Bearer\t\tx',
    'null',
  ),
);

/** Who sends the request: mostly someone allowed through to validation, sometimes a stranger. */
interface Sender {
  caller: Caller;
  authorization?: string;
}

function callerArb(op: Operation, kind: Kind): fc.Arbitrary<Sender> {
  const bad = fc
    .constantFrom(...BAD_CALLERS)
    .chain((caller): fc.Arbitrary<Sender> =>
      caller === 'garbage' || caller === 'malformed'
        ? badAuthorization.map((authorization) => ({ caller, authorization }))
        : fc.constant({ caller }),
    );
  if (kind === 'bad-token') return bad;
  const insider: Caller = op.isAdmin ? 'admin' : 'learner';
  const outsider: Caller = op.isAdmin ? 'learner' : 'admin';
  return fc.oneof(
    { weight: 14, arbitrary: fc.constant<Sender>({ caller: insider }) },
    { weight: 2, arbitrary: fc.constant<Sender>({ caller: outsider }) },
    { weight: 1, arbitrary: fc.constant<Sender>({ caller: 'unverified' }) },
    { weight: 2, arbitrary: bad },
  );
}

/** Integers just past PostgreSQL's integer and bigint, and NUL (which no text column can store). */
const INTEGER_EDGES = ['2147483648', '9223372036854775808'];
const TEXT_EDGE = 'a\u0000b';
/** Path segments the router refuses before any route runs: broken percent-encoding, longer than maxParamLength. */
const ROUTER_EDGES = ['%zz', 'a'.repeat(201)];

/**
 * The edges a random draw may miss, sent to every operation every run: each integer path
 * parameter, query parameter and body field past the column's range, NUL in each text field, and
 * path segments the router itself refuses.
 */
function edgeRequests(op: Operation): FuzzRequest[] {
  const base = baseRequest(op);
  const caller: Caller = op.isAdmin ? 'admin' : 'learner';
  const edge = (request: Draft): FuzzRequest => ({ ...request, kind: 'edge', caller });
  const bodyObject = (op.body ? validValue(op.body) : {}) as Record<string, unknown>;
  const requests: FuzzRequest[] = [];
  for (const param of op.pathParams) {
    const values = [...(param.schema.type === 'integer' ? INTEGER_EDGES : [percentEncode(TEXT_EDGE)]), ...ROUTER_EDGES];
    for (const value of values) requests.push(edge({ ...base, path: withPathParam(op, param.name, value) }));
  }
  for (const param of op.queryParams) {
    const values = param.schema.type === 'integer' ? INTEGER_EDGES : [percentEncode(TEXT_EDGE)];
    for (const value of values) requests.push(edge({ ...base, query: `${param.name}=${value}` }));
  }
  for (const [field, schema] of Object.entries(op.body?.properties ?? {})) {
    const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)];
    if (types.includes('integer')) {
      for (const value of INTEGER_EDGES)
        requests.push(
          edge({
            ...base,
            body: {
              payload: JSON.stringify({ ...bodyObject, [field]: '#' }).replace('"#"', value),
              contentType: 'application/json',
            },
          }),
        );
    }
    if (types.includes('string'))
      requests.push(edge({ ...base, body: jsonBody({ ...bodyObject, [field]: TEXT_EDGE }) }));
  }
  return requests;
}

/**
 * How often a kind is drawn: kinds that for this operation can only reach what it does not read
 * (a query string where it takes none, a token where it is public) are probes, drawn less often.
 */
function weightOf(op: Operation, kind: Kind): number {
  const readsInput = op.method !== 'GET' || op.pathParams.length > 0 || op.queryParams.length > 0;
  if (kind === 'bad-query') return op.queryParams.length ? 4 : 1;
  if (kind === 'bad-token') return op.requiresAuth ? 4 : 1;
  if (kind === 'huge-string' || kind === 'odd-unicode') return readsInput ? 4 : 1;
  return 4;
}

function requestsFor(op: Operation, allMethods: Set<string>, count: number, seed: number): FuzzRequest[] {
  const arbitrary = fc.oneof(
    ...mutationsOf(op, allMethods).map(([kind, drafts]) => ({
      weight: weightOf(op, kind),
      arbitrary: fc
        .tuple(drafts, callerArb(op, kind))
        .map(([draft, sender]): FuzzRequest => ({ ...draft, ...sender, kind })),
    })),
  );
  return [...edgeRequests(op), ...fc.sample(arbitrary, { seed, numRuns: count })];
}

// ---------------------------------------------------------------- sending and judging

interface Callers {
  admin: Learner;
  learner: Learner;
  unverified: Learner;
  expired: string;
  revoked: string;
}

function authorizationOf(request: FuzzRequest, callers: Callers): string | undefined {
  switch (request.caller) {
    case 'admin':
      return `Bearer ${callers.admin.token}`;
    case 'learner':
      return `Bearer ${callers.learner.token}`;
    case 'unverified':
      return `Bearer ${callers.unverified.token}`;
    case 'expired':
      return `Bearer ${callers.expired}`;
    case 'revoked':
      return `Bearer ${callers.revoked}`;
    case 'tampered':
      return `Bearer ${callers.learner.token.slice(0, -1)}${callers.learner.token.endsWith('A') ? 'B' : 'A'}`;
    case 'garbage':
    case 'malformed':
      return request.authorization;
    case 'anonymous':
      return undefined;
  }
}

async function send(t: TestApp, request: FuzzRequest, callers: Callers) {
  const authorization = authorizationOf(request, callers);
  const xsrf = request.xsrf ?? { cookie: 'fuzz-xsrf', header: 'fuzz-xsrf' };
  const headers: Record<string, string> = {
    ...(xsrf.cookie ? { cookie: `XSRF-TOKEN=${xsrf.cookie}` } : {}),
    ...(xsrf.header ? { 'x-xsrf-token': xsrf.header } : {}),
    ...(authorization ? { authorization } : {}),
    ...(request.body?.contentType ? { 'content-type': request.body.contentType } : {}),
  };
  return t.app.inject({
    method: request.method as 'GET',
    url: request.query ? `${request.path}?${request.query}` : request.path,
    headers,
    ...(request.body ? { payload: request.body.payload } : {}),
  });
}

/** Pages for a person, not API answers: the sandbox checkout page answers an unknown order with an HTML page. */
const PAGES = new Set(['GET /sandbox/checkout/{orderId}']);

interface Answer {
  statusCode: number;
  body: string;
  contentType: string;
}

/** What is wrong with an answer, or null: a 5xx, or a failure that is not { status: false, message[, errors] }. */
function violationOf(op: Operation, request: FuzzRequest, answer: Answer): string | null {
  const { statusCode } = answer;
  if (statusCode >= 500) return `server error ${statusCode}`;
  if (statusCode < 400 || request.method === 'HEAD') return null;
  if (
    request.method === op.method &&
    PAGES.has(`${op.method} ${op.path}`) &&
    answer.contentType.startsWith('text/html')
  )
    return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return `${statusCode} with a body that is not JSON`;
  }
  const envelope = parsed as { status?: unknown; message?: unknown; errors?: unknown };
  if (envelope.status !== false) return `${statusCode} without status: false`;
  if (typeof envelope.message !== 'string' || !envelope.message.trim()) return `${statusCode} without a message`;
  const keys = Object.keys(envelope).filter((key) => !['status', 'message', 'errors'].includes(key));
  if (keys.length) return `${statusCode} with extra keys ${keys.join(', ')}`;
  if (statusCode === 422) {
    const errors = envelope.errors as Record<string, unknown> | undefined;
    const isFieldErrors =
      errors &&
      typeof errors === 'object' &&
      Object.keys(errors).length > 0 &&
      Object.values(errors).every(
        (list) => Array.isArray(list) && list.length > 0 && list.every((m) => typeof m === 'string' && m.length > 0),
      );
    if (!isFieldErrors) return '422 without errors as { field: [messages] }';
  } else if (envelope.errors !== undefined) {
    return `${statusCode} with errors (only 422 carries field errors)`;
  }
  return null;
}

/** The run's figures: the mix of answers per kind of bad input, and each violation once per route with an example. */
class Report {
  total = 0;
  /** Requests whose bad input is in something the operation reads, so that a refusal is due. */
  refusalsDue = 0;
  successes = 0;
  /** Successes where the bad input was in something the operation reads: invalid input that happened to be valid. */
  unexpectedSuccesses = 0;
  adminAsAdmin = 0;
  adminValidationReached = 0;
  readonly mix = new Map<string, number>();
  readonly violations = new Map<string, { count: number; example: string }>();

  record(op: Operation, request: FuzzRequest, answer: Answer): void {
    this.total++;
    if (request.isRefusalExpected) this.refusalsDue++;
    if (answer.statusCode < 300) {
      this.successes++;
      if (request.isRefusalExpected) this.unexpectedSuccesses++;
    }
    this.add(`${request.kind} ${Math.floor(answer.statusCode / 100)}xx`);
    this.add(`status ${answer.statusCode}`);
    if (op.isAdmin && request.caller === 'admin') {
      this.adminAsAdmin++;
      if (![401, 403, 417].includes(answer.statusCode)) this.adminValidationReached++;
    }
    const violation = violationOf(op, request, answer);
    if (!violation) return;
    const key = `${violation}: ${request.kind}, ${request.method} ${op.path}`;
    const seen = this.violations.get(key) ?? { count: 0, example: '' };
    seen.count++;
    seen.example ||=
      `as ${request.caller}, ${request.method} ${`${request.path}?${request.query}`.slice(0, 160)}` +
      ` (${request.body?.contentType ?? 'no content type'}, ${String(request.body?.payload ?? '').slice(0, 80)}) → ${answer.body.slice(0, 200)}`;
    this.violations.set(key, seen);
  }

  private add(key: string): void {
    this.mix.set(key, (this.mix.get(key) ?? 0) + 1);
  }

  summary(): string {
    return [...this.mix.entries()]
      .sort()
      .map(([key, n]) => `  ${key}: ${n}`)
      .join('\n');
  }

  violationList(): string[] {
    return [...this.violations.entries()].map(([key, { count, example }]) => `${key} ×${count} — e.g. ${example}`);
  }
}

/**
 * A success may have changed the callers (logged out, lost the admin role, changed e-mail): put
 * them back so the rest of the run still reaches validation as intended.
 */
async function restoreCallers(t: TestApp, callers: Callers): Promise<void> {
  const { db } = t.app.ctx;
  const now = t.app.ctx.now();
  await db
    .update(users)
    .set({ roles: ['admin', 'learner'], emailVerifiedAt: now })
    .where(eq(users.id, callers.admin.id));
  await db
    .update(users)
    .set({ roles: ['learner'], emailVerifiedAt: now })
    .where(eq(users.id, callers.learner.id));
  await db
    .update(users)
    .set({ roles: ['learner'], emailVerifiedAt: null })
    .where(eq(users.id, callers.unverified.id));
  for (const who of [callers.admin, callers.learner, callers.unverified]) {
    if (!(await findSession(t.app.ctx, who.token))) who.token = await issueToken(db, who.id, t.app.ctx.now());
  }
}

async function prepareCallers(t: TestApp): Promise<Callers> {
  const admin = await createAdmin(t.app);
  const learner = await createLearner(t.app);
  const unverified = await createLearner(t.app, { verified: false });
  const monthsAgo = new Date(t.app.ctx.now().getTime() - 40 * 86_400_000);
  const expired = await issueToken(t.app.ctx.db, learner.id, monthsAgo);
  const revoked = await issueToken(t.app.ctx.db, learner.id, t.app.ctx.now());
  const revokedSession = await findSession(t.app.ctx, revoked);
  await revokeToken(t.app.ctx.db, revokedSession!.tokenId, t.app.ctx.now());
  return { admin, learner, unverified, expired, revoked };
}

/** A seed from FUZZ_SEED to replay a run, otherwise a fresh one. */
function runSeed(): number {
  const given = Number(process.env.FUZZ_SEED);
  return Number.isSafeInteger(given) && given > 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1;
}

const SEED = runSeed();
console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays this run)`);

/**
 * Sends `perOperation` generated requests (and the edges) to each of `targets`, one at a time, and
 * judges every answer; `all` is the whole document, for the methods each path does not have.
 */
async function fuzz(t: TestApp, targets: Operation[], all: Operation[], perOperation: number): Promise<Report> {
  const callers = await prepareCallers(t);
  const allMethods = methodsByPath(all);
  const report = new Report();
  const started = Date.now();
  for (const op of targets) {
    // Each operation has a seed of its own, so a change elsewhere in the document does not change its requests.
    const seed = SEED + [...`${op.method} ${op.path}`].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) | 0, 0);
    for (const request of requestsFor(op, allMethods.get(op.path)!, perOperation, seed)) {
      const res = await send(t, request, callers);
      report.record(op, request, {
        statusCode: res.statusCode,
        body: res.body,
        contentType: String(res.headers['content-type'] ?? ''),
      });
      if (res.statusCode < 300 && request.method !== 'GET') await restoreCallers(t, callers);
    }
  }
  console.log(
    `fuzz seed ${SEED}: ${report.total} requests over ${targets.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
      `${report.refusalsDue} due a refusal, ${report.successes} successes (${report.unexpectedSuccesses} of those due a refusal), ` +
      `${report.violations.size} kinds of violation\n${report.summary()}`,
  );
  return report;
}

async function documentedOperations(t: TestApp): Promise<Operation[]> {
  return operationsOf((await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApiDocument);
}

// ---------------------------------------------------------------- the runs

describe('bad input over the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Something to find behind the ids the requests use (1, 2, …), so some reach past "not found".
    await setReferenceData(t.app);
    for (let i = 0; i < 3; i++)
      await createCourse(t.app, { terms: [{ subjects: [{ fileType: 'youtube', questions: 10 }] }] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every generated invalid request without a 5xx, in the error envelope', async () => {
    const operations = await documentedOperations(t);
    expect(operations.length).toBeGreaterThan(100);
    const report = await fuzz(t, operations, operations, Math.ceil(REQUESTS_WANTED / operations.length));

    expect(report.violationList(), `seed ${SEED}`).toEqual([]);
    expect(report.refusalsDue).toBeGreaterThanOrEqual(5_000);
    expect(report.unexpectedSuccesses / report.refusalsDue).toBeLessThan(MAX_SUCCESS_SHARE);
    // Admin endpoints called as an admin got past authorisation to their validation (422, 400, 404…).
    expect(report.adminValidationReached / report.adminAsAdmin).toBeGreaterThan(0.9);
    // Every line of defence answered some of them: validation, parsing, size, content type, auth, routing.
    for (const status of [400, 401, 403, 404, 413, 415, 417, 422])
      expect(report.mix.get(`status ${status}`), `status ${status}`).toBeGreaterThan(0);
  }, 600_000);
});

describe('bad input to the Razorpay webhook', () => {
  let t: TestApp;
  // The webhook exists only with the razorpay provider. No generated call carries a valid signature, so
  // none reaches the provider's API (an unreachable address here).
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_fuzz',
        RAZORPAY_KEY_SECRET: 'fuzz-key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'fuzz-webhook-secret',
        RAZORPAY_API_URL: 'http://127.0.0.1:1',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every generated invalid webhook call without a 5xx, in the error envelope', async () => {
    const operations = await documentedOperations(t);
    const webhooks = operations.filter((op) => op.path.endsWith('/payments/razorpay/webhook'));
    expect(webhooks).toHaveLength(1);
    const report = await fuzz(t, webhooks, operations, 300);
    expect(report.violationList(), `seed ${SEED}`).toEqual([]);
    expect(report.successes).toBe(0);
  }, 120_000);
});
