/**
 * What the API bench measures, and the targets of issues 7 and 17 for each: every request as the web
 * client sends it (API prefix, bearer token, XSRF cookie echoed on POST).
 */
import type { RequestSpec } from 'autocannon';
import type { SeededData } from './seed.ts';

export const API_PREFIX = '/live-connect/api';

/**
 * A ratio target may name its floor: the framework row that does only what this endpoint cannot skip (Fastify,
 * the headers every API answer carries, the same body). The report prints the floor's ratio beside the target, so a
 * run shows at once whether any code could meet it on that machine.
 */
export type Target =
  | { kind: 'ratio'; min: number; floor?: string }
  | { kind: 'p99'; maxMs: number }
  | { kind: 'perCore'; min: number }
  | { kind: 'none' };

export interface Scenario {
  key: string;
  name: string;
  server: 'ceiling' | 'floor' | 'api';
  connections: number;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** The `status` of a good answer's body: the spec's envelope says true, the health probe 'ok'. */
  okStatus: true | 'ok';
  /**
   * A revalidation: the load sends If-None-Match with the ETag of a first plain GET and every answer
   * must be 304 (no body). Skipped, with a note, when the endpoint sends no ETag.
   */
  revalidate?: boolean;
  /** For requests that differ one from the next (POST /login). */
  requests?: RequestSpec[];
  /** One request's body for the pre-check (the load uses `requests` when given). */
  body?: string;
  target: Target;
}

/** Measured in rounds, each time right after the ceiling (bench:api --rounds): the floors and every ratio target. */
export const isMeasuredAsRatio = (scenario: Scenario): boolean =>
  scenario.server === 'floor' || scenario.target.kind === 'ratio';

/** RFC 2544's benchmarking network: every login attempt comes from its own client address. */
export function benchmarkAddress(n: number): string {
  const host = n % 131_072;
  return `198.${18 + (host >> 16)}.${(host >> 8) & 255}.${host & 255}`;
}

const XSRF = 'bench-xsrf-token';

/**
 * POST /login cycles through the seeded accounts, each attempt from a new client address behind
 * the trusted proxy hop (X-Forwarded-For with TRUST_PROXY=1, the deployed set-up): the per-address
 * limit (300 per 15 min) is per client, so a load from one address would measure 429s. Every
 * attempt has the right password, so the per-account failure limit is never touched.
 */
function loginRequests(data: SeededData): RequestSpec[] {
  let attempt = 0;
  return [
    {
      method: 'POST',
      path: `${API_PREFIX}/login`,
      setupRequest: (request) => {
        attempt += 1;
        const email = data.loginEmails[attempt % data.loginEmails.length]!;
        return {
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': benchmarkAddress(attempt) },
          body: JSON.stringify({ email, password: data.password }),
        };
      },
    },
  ];
}

export function scenarios(data: SeededData, options: { getConnections: number; loginConnections: number }): Scenario[] {
  // A signed-in browser holds the XSRF cookie (set on its first answer) and sends it back on every call.
  const bearer = { authorization: `Bearer ${data.learner.token}`, cookie: `XSRF-TOKEN=${XSRF}` };
  const get = (key: string, path: string, target: Target): Scenario => ({
    key,
    name: `GET ${path}`,
    server: 'api',
    connections: options.getConnections,
    method: 'GET',
    path: `${API_PREFIX}${path}`,
    headers: bearer,
    okStatus: true,
    target,
  });
  const floor = (key: string, name: string, path: string): Scenario => ({
    key,
    name,
    server: 'floor',
    connections: options.getConnections,
    method: 'GET',
    path,
    headers: {},
    okStatus: true,
    target: { kind: 'none' },
  });
  return [
    {
      key: 'ceiling',
      name: 'ceiling (bare node:http, fixed JSON)',
      server: 'ceiling',
      connections: options.getConnections,
      method: 'GET',
      path: '/',
      headers: {},
      okStatus: true,
      target: { kind: 'none' },
    },
    // The framework's own floor: the API's Fastify with one route and no hook, answering the ceiling's
    // body, then the very bytes of the API's GET /course; then each with the headers every API JSON answer
    // carries. No API scenario can go faster than its floor.
    floor('floor', 'floor: Fastify, one route, no hook (fixed JSON)', '/'),
    floor('floor-course', "floor: Fastify, one route, no hook (GET /course's body)", '/course'),
    floor(
      'floor-headers',
      'floor: Fastify, one route, no hook, with the headers of every API JSON answer (fixed JSON)',
      '/headers',
    ),
    floor(
      'floor-course-headers',
      "floor: Fastify, one route, no hook, with the headers of every API JSON answer (GET /course's body)",
      '/course-headers',
    ),
    // Two floors between the ceiling and the endpoints, to show where the time goes: Fastify with
    // every global hook (security headers, request id, XSRF, auth, metrics, translation) but no
    // database, then the session every authenticated request needs (GET /me reads nothing else).
    {
      key: 'healthz',
      name: 'GET /healthz (framework and every global hook, no database)',
      server: 'api',
      connections: options.getConnections,
      method: 'GET',
      path: '/healthz',
      headers: bearer,
      okStatus: 'ok',
      target: { kind: 'ratio', min: 0.7, floor: 'floor-headers' },
    },
    {
      ...get('me', '/me', { kind: 'ratio', min: 0.4, floor: 'floor-headers' }),
      name: 'GET /me (the session, nothing else)',
    },
    // Plain 200s, as a first visit or a client without a cache sees them; then a browser revalidating its copy.
    get('course', '/course', { kind: 'ratio', min: 0.5, floor: 'floor-course-headers' }),
    {
      ...get('course-304', '/course', { kind: 'none' }),
      name: 'GET /course, revalidated (If-None-Match, 304)',
      revalidate: true,
    },
    get('level-status', '/level-status', { kind: 'p99', maxMs: 25 }),
    get('transactions', '/transactions', { kind: 'p99', maxMs: 25 }),
    {
      key: 'login',
      name: 'POST /login',
      server: 'api',
      connections: options.loginConnections,
      method: 'POST',
      path: `${API_PREFIX}/login`,
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
        'x-forwarded-for': benchmarkAddress(0),
      },
      body: JSON.stringify({ email: data.loginEmails[0], password: data.password }),
      okStatus: true,
      requests: loginRequests(data),
      target: { kind: 'perCore', min: 15 },
    },
  ];
}
