import type { FastifyInstance } from 'fastify';

/** Every route of the spec's API, mounted under /live-connect/api. One line per feature. */
export async function apiRoutes(app: FastifyInstance) {
  void app;
}
