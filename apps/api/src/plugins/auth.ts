import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@app/contracts';
import { AppError } from '../lib/app-error.ts';
import { findSession } from '../services/accounts/index.ts';
import type { Session } from '../services/database/index.ts';
import type { AppContext } from '../context.ts';

/**
 * Who may call a route:
 * - public: anyone;
 * - signed-in: a valid token, email verified or not (sign-in, onboarding, profile);
 * - verified: a valid token and a verified email, else 417 (the default);
 * - admin: verified and holding the admin role.
 */
export type AuthLevel = 'public' | 'signed-in' | 'verified' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The session of a request that passed the auth hook; throws if the route is public. */
export function sessionOf(request: { session: Session | null }): Session {
  if (!request.session) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return request.session;
}

/**
 * The session of the request's bearer token, or null (no token, or one that is not valid): what the auth hook
 * requires, and what a public route reads when it must know whether someone signed in asks (a learner answering
 * their own guardian's link).
 */
export async function optionalSession(
  ctx: AppContext,
  request: { headers: { authorization?: string | undefined } },
): Promise<Session | null> {
  const token = bearer(request.headers.authorization);
  return token ? findSession(ctx, token) : null;
}

/** A route's level: its own, else 'verified' under the API's prefix and public elsewhere (read by the docs too). */
export function authLevelOf(route: { url: string; auth: AuthLevel | undefined; prefix: string }): AuthLevel {
  return route.auth ?? (route.url.startsWith(route.prefix) ? 'verified' : 'public');
}

/**
 * Routes under `prefix` default to 'verified'; everything else (health, docs, the web app) to public. The check is
 * a hook of each route that is not public, added as the route is declared, so a public route (health checks, the
 * web app's files) runs no auth code at all. The level is read when a request comes (another plugin's onRoute, the
 * admin routes', may set it after this one has seen the route); only a route declared public, or outside `prefix`
 * with no level, goes without the hook.
 */
export const authPlugin = fp<{ ctx: AppContext; prefix: string }>(async (app, { ctx, prefix }) => {
  app.decorateRequest('session', null);
  const levelOf = (url: string, auth: AuthLevel | undefined) => authLevelOf({ url, auth, prefix });
  const authenticate = async (request: FastifyRequest) => {
    const level = levelOf(request.routeOptions.url ?? '', request.routeOptions.config?.auth);
    if (level === 'public') return;
    const session = await optionalSession(ctx, request);
    if (!session) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    request.session = session;
    if (level === 'signed-in') return;
    if (!session.user.emailVerifiedAt) throw new AppError('EMAIL_UNVERIFIED', messages.emailUnverified);
    if (level === 'admin' && !session.user.roles.includes('admin')) throw AppError.forbidden();
  };
  app.addHook('onRoute', (route) => {
    if (levelOf(route.url, route.config?.auth) === 'public') return;
    route.onRequest = [authenticate, ...[route.onRequest ?? []].flat()];
  });
});
