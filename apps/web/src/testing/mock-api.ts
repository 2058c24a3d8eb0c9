import { vi } from 'vitest';

/**
 * The network boundary for component tests: a stubbed fetch that answers like the API
 * (envelope, status codes, the XSRF cookie on /healthz). The only mock the tests use.
 */
export interface MockReply {
  status: number;
  body: unknown;
}

export interface RecordedCall {
  /** The query string, with its '?' ('' when none). */
  search: string;
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Handler = (call: RecordedCall) => MockReply | Promise<MockReply>;

export const XSRF_VALUE = 'test-xsrf-token';

export const ok = (data: unknown = null, message = ''): MockReply => ({
  status: 200,
  body: { status: true, message, data },
});
export const fail = (status: number, message: string, errors?: Record<string, string[]>): MockReply => ({
  status,
  body: { status: false, message, ...(errors ? { errors } : {}) },
});

/** A reply the test releases later, to look at the form while the request is in flight. */
export function deferred() {
  let release!: (reply: MockReply) => void;
  const promise = new Promise<MockReply>((resolve) => {
    release = resolve;
  });
  return { handler: () => promise, release };
}

/** Handlers are keyed 'METHOD /path' (the path without /live-connect/api). */
export function mockApi(handlers: Record<string, Handler | MockReply>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    if (url.pathname === '/healthz') {
      document.cookie = `XSRF-TOKEN=${XSRF_VALUE}; path=/`;
      return json(200, { status: 'ok' });
    }
    const path = url.pathname.replace(/^\/live-connect\/api/, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call: RecordedCall = { method, path, search: url.search, headers: new Headers(init.headers), body };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (!handler) return json(404, { status: false, message: `No mock for ${method} ${path}` });
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    return json(reply.status, reply.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
