import fp from 'fastify-plugin';
import { messages } from '@app/contracts';
import { randomToken, secretsEqual } from '../lib/crypto.ts';
import { AppError } from '../lib/app-error.ts';
import { readCookie } from '../lib/read-cookie.ts';

/** Methods that change nothing: no XSRF check. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The cookie the server sets and the header (any case) that must echo it; the OpenAPI document names them too. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const COOKIE = XSRF_COOKIE;
const HEADER = XSRF_HEADER.toLowerCase();

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for endpoints called by other servers (payment webhooks). */
    xsrf?: boolean;
  }
}

/**
 * The Set-Cookie value for a new token, as @fastify/cookie wrote it (`xsrf.test.ts` compares):
 * readable by the page's script (not HttpOnly), sent back on same-site requests only.
 */
export function xsrfSetCookie(token: string, secure: boolean): string {
  return `${COOKIE}=${token}; Path=/${secure ? '; Secure' : ''}; SameSite=Lax`;
}

/**
 * Double-submit XSRF check, as the spec's client expects: the server sets a readable XSRF-TOKEN
 * cookie on any answer to a request that came without one (the web app fetches GET /healthz for
 * it before its first write), and every non-GET request must echo it in X-XSRF-TOKEN.
 *
 * The hot path is a GET that already carries the cookie: it costs one scan of the Cookie header
 * for the name, nothing is parsed into a map and no Set-Cookie is written. Only unsafe methods
 * look at the route's config (`xsrf: false`) and compare the token.
 */
export const xsrfPlugin = fp<{ secureCookies: boolean }>(async (app, options) => {
  const secure = options.secureCookies;
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = readCookie(request.headers.cookie, COOKIE);
    if (!cookie) reply.header('set-cookie', xsrfSetCookie(randomToken(), secure));
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.xsrf === false) {
      done();
      return;
    }
    const header = request.headers[HEADER];
    if (!cookie || typeof header !== 'string' || !secretsEqual(cookie, header)) {
      done(new AppError('FORBIDDEN', messages.xsrfMismatch));
      return;
    }
    done();
  });
});
