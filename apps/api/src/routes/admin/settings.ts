import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminLevel, adminMessages, adminSettings, envelope, levelsBody, settingsBody } from '@app/contracts';
import type { App } from '../../app.ts';
import { ok } from '../../lib/reply.ts';
import { getLevels, replaceLevels } from '../../services/admin/settings/levels.ts';
import { getRates, updateRates } from '../../services/admin/settings/rates.ts';
import { actorOf } from './actor.ts';

/** Levels and rates, applying from then on. */
export async function adminSettingsRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/settings', { schema: { response: { 200: envelope(adminSettings) } } }, async () => ok(await getRates(ctx)));
  app.put('/settings', { schema: { body: settingsBody, response: { 200: envelope(adminSettings) } } },
    async (request) => ok(await updateRates(ctx, { actorId: actorOf(request), input: request.body }), adminMessages.saved));

  app.get('/levels', { schema: { response: { 200: envelope(z.array(adminLevel)) } } }, async () => ok(await getLevels(ctx)));
  app.put('/levels', { schema: { body: levelsBody, response: { 200: envelope(z.array(adminLevel)) } } },
    async (request) => ok(await replaceLevels(ctx, { actorId: actorOf(request), levels: request.body.levels }), adminMessages.saved));
}
