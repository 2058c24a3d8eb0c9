import type { FastifyReply } from 'fastify';
import { messages } from '@app/contracts';
import type { StoredFileSlice } from '../../lib/storage.ts';

/**
 * Sends a stored file: 200 with all of it, 206 with the asked range (video seeking), 416 when the
 * range is outside the file. The type comes from the server, never sniffed. With S3 storage, a 302
 * to a short-lived signed URL instead: the redirect itself is never cached (the URL expires), the
 * file behind it may be (by a CDN in front of the bucket).
 */
export function replyWithFile(reply: FastifyReply, file: StoredFileSlice, options: { cacheControl: string }) {
  if (file.kind === 'redirect') return reply.code(302).header('cache-control', 'private, no-store').redirect(file.url);
  reply
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', options.cacheControl);
  if (file.kind === 'unsatisfiable') {
    return (
      reply
        .code(416)
        .header('content-range', `bytes */${file.size}`)
        // HTTP's reason phrase as the envelope's message (translated like any other); the 416 is what a player reads.
        .send({ status: false, message: messages.rangeNotSatisfiable })
    );
  }
  reply
    .type(file.contentType)
    .header('content-disposition', 'inline')
    .header('content-length', file.size === 0 ? 0 : file.end - file.start + 1);
  if (file.isPartial) reply.code(206).header('content-range', `bytes ${file.start}-${file.end}/${file.size}`);
  return reply.send(file.stream);
}
