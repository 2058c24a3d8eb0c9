import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { messages } from '@app/contracts';
import { randomToken } from '../lib/crypto.ts';
import { AppError } from '../lib/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const COOKIE = 'XSRF-TOKEN';
const HEADER = 'x-xsrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for endpoints called by other servers (payment webhooks). */
    xsrf?: boolean;
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit XSRF check, as the spec's client expects: the server sets a readable XSRF-TOKEN
 * cookie, and every non-GET request must echo it in X-XSRF-TOKEN.
 */
export const xsrfPlugin = fp<{ secureCookies: boolean }>(async (app, options) => {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[COOKIE];
    if (!cookie) {
      reply.setCookie(COOKIE, randomToken(), { path: '/', sameSite: 'lax', secure: options.secureCookies, httpOnly: false });
    }
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.xsrf === false) return;
    const header = request.headers[HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      throw new AppError('FORBIDDEN', messages.xsrfMismatch);
    }
  });
});
