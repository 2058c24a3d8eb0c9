import type { FastifyInstance } from 'fastify';

/** Liveness (process up) and readiness (database reachable). */
export async function healthRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/healthz', { config: { auth: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
