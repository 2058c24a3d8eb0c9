import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminAuditRoutes } from './audit.ts';
import { adminCatalogueRoutes } from './catalogue.ts';
import { adminCertificateRoutes } from './certificates.ts';
import { adminJobRoutes } from './jobs.ts';
import { adminMoneyRoutes } from './money.ts';
import { adminOfferCodeRoutes } from './offer-codes.ts';
import { adminPeopleRoutes } from './people.ts';
import { adminReportRoutes } from './reports.ts';
import { adminSettingsRoutes } from './settings.ts';
import { adminUploadRoutes } from './uploads.ts';
import { adminVideoRoutes } from './video.ts';
import { acceptMultipartForms } from './read-form.ts';

export interface AdminRoute {
  method: string;
  /** The full path, e.g. /live-connect/api/admin/courses/:id */
  url: string;
}

const registered = new WeakMap<AppContext, AdminRoute[]>();

/** Every operator endpoint the app registered (for the 403 matrix and the OpenAPI tag), by app. */
export function adminRoutesOf(app: FastifyInstance): AdminRoute[] {
  return [...(registered.get(app.ctx) ?? [])];
}

/**
 * The operator console's API under /admin (issue 6). Every route in here is `auth: 'admin'`
 * (verified and holding the admin role, else 403): the hook below sets it on routes that do not
 * say, and refuses to boot with a route that asks for less.
 */
export async function adminRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const routes: AdminRoute[] = [];
  registered.set(ctx, routes);
  await acceptMultipartForms(fastify);
  fastify.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (auth !== undefined && auth !== 'admin')
      throw new Error(`admin route ${route.method} ${route.url} must not be '${auth}'`);
    route.config = { ...route.config, auth: 'admin' };
    route.schema = { ...route.schema, tags: ['admin'] };
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  await fastify.register(adminCatalogueRoutes, { prefix: '/admin' });
  await fastify.register(adminOfferCodeRoutes, { prefix: '/admin' });
  await fastify.register(adminMoneyRoutes, { prefix: '/admin' });
  await fastify.register(adminPeopleRoutes, { prefix: '/admin' });
  await fastify.register(adminSettingsRoutes, { prefix: '/admin' });
  await fastify.register(adminReportRoutes, { prefix: '/admin' });
  await fastify.register(adminAuditRoutes, { prefix: '/admin' });
  await fastify.register(adminCertificateRoutes, { prefix: '/admin' });
  await fastify.register(adminJobRoutes, { prefix: '/admin' });
  await fastify.register(adminVideoRoutes, { prefix: '/admin' });
  await fastify.register(adminUploadRoutes, { prefix: '/admin' });
}
