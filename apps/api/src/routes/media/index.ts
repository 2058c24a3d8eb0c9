import type { FastifyInstance } from 'fastify';
import { openMediaFile } from '../../services/catalogue/index.ts';
import { replyWithFile } from './reply-with-file.ts';

/** A year: public media keys are written once (a new upload gets a new key). */
const MEDIA_CACHE = 'public, max-age=31536000, immutable';

/** GET /media/<key>: public files, at the site root (not under the API prefix). */
export async function mediaRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  fastify.get<{ Params: { '*': string } }>(
    '/media/*',
    {
      config: { auth: 'public' },
      schema: { tags: ['media'], summary: 'A public image or video by its storage key' },
    },
    async (request, reply) => {
      const file = await openMediaFile(ctx, { key: request.params['*'], range: request.headers.range });
      return replyWithFile(reply, file, { cacheControl: MEDIA_CACHE });
    },
  );
}
