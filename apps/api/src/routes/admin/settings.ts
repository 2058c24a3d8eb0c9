import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminLevel, adminMessages, adminSettings, envelope, levelsBody, settingsBody } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { getLevels, replaceLevels, getRates, updateRates } from '../../services/admin/index.ts';
import { actorOf } from './actor.ts';

/** Levels and rates, applying from then on. */
export async function adminSettingsRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/settings',
    {
      schema: {
        summary: 'The current rates and rules: commission, point value, pass mark, minimum withdrawal, holds',
        response: { 200: envelope(adminSettings) },
      },
    },
    async () => ok(await getRates(ctx)),
  );
  app.put(
    '/settings',
    {
      schema: {
        summary: 'Changes the rates, from now on',
        body: settingsBody,
        response: { 200: envelope(adminSettings) },
      },
    },
    async (request) =>
      ok(await updateRates(ctx, { actorId: actorOf(request), input: request.body }), adminMessages.saved),
  );

  app.get(
    '/levels',
    { schema: { summary: 'The referral levels', response: { 200: envelope(z.array(adminLevel)) } } },
    async () => ok(await getLevels(ctx)),
  );
  app.put(
    '/levels',
    {
      schema: {
        summary: 'Replaces the referral levels, from now on',
        body: levelsBody,
        response: { 200: envelope(z.array(adminLevel)) },
      },
    },
    async (request) =>
      ok(await replaceLevels(ctx, { actorId: actorOf(request), levels: request.body.levels }), adminMessages.saved),
  );
}
