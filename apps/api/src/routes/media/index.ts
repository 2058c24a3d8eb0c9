import type { FastifyInstance } from 'fastify';
import { openMediaFile } from '../../services/catalogue/index.ts';
import { PHOTO_FOLDER } from '../../services/profile/index.ts';
import { replyWithFile } from './reply-with-file.ts';

/** A year: public media keys are written once (a new upload gets a new key). */
const MEDIA_CACHE = 'public, max-age=31536000, immutable';
/**
 * A learner's photo (most are children) is personal data: kept by no shared cache, and asked for again each time, so
 * that once removed or erased it is gone from a shared phone's browser too, not kept there for a year.
 */
const PHOTO_CACHE = 'private, no-cache';

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
      // The caching is chosen by the key as opened (`//profile-photos/…` and `%2Fprofile-photos/…` open the same photo).
      const { file, key } = await openMediaFile(ctx, { key: request.params['*'], range: request.headers.range });
      return replyWithFile(reply, file, { cacheControl: key.startsWith(PHOTO_FOLDER) ? PHOTO_CACHE : MEDIA_CACHE });
    },
  );
}
