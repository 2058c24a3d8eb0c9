import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParams, videoMessages, videoState } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { retranscodeVideo } from '../../services/video/index.ts';
import { actorOf } from './actor.ts';

/** Adaptive video: 'Transcode again' for a chapter whose renditions failed (or stalled). */
export async function adminVideoRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/subjects/:id/transcode',
    {
      schema: {
        summary: 'Transcodes a video chapter again',
        params: idParams,
        description:
          "Resets a video chapter's HLS renditions to pending and transcodes it again (audited). 400 while a run is alive.",
        response: { 200: envelope(videoState) },
      },
    },
    async (request) =>
      ok(
        await retranscodeVideo(ctx, { actorId: actorOf(request), subjectId: request.params.id }),
        videoMessages.transcodeQueued,
      ),
  );
}
