import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMessages,
  adminSubject,
  envelope,
  messageOnly,
  uploadAbortBody,
  uploadCompleteBody,
  uploadSignBody,
  uploadSigned,
  uploadStart,
  uploadStartBody,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import {
  abortChapterUpload,
  completeChapterUpload,
  signChapterUploadParts,
  startChapterUpload,
} from '../../services/admin/index.ts';
import { actorOf } from './actor.ts';

/** Browser-direct chapter uploads (S3): start, sign parts, complete (check + attach), abort. */
export async function adminUploadRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/uploads',
    {
      schema: {
        summary: 'Starts a browser-direct chapter upload to the bucket',
        body: uploadStartBody,
        description:
          'Starts a presigned multipart upload of a chapter file straight to the bucket; `{ direct: false }` on file storage ' +
          '(send the multipart form to the chapter endpoints instead).',
        response: { 200: envelope(uploadStart) },
      },
    },
    async (request) => ok(await startChapterUpload(ctx, { actorId: actorOf(request), input: request.body })),
  );
  app.post(
    '/uploads/parts',
    {
      schema: {
        summary: "Signs upload URLs for a direct upload's parts",
        body: uploadSignBody,
        response: { 200: envelope(uploadSigned) },
      },
    },
    async (request) =>
      ok(
        await signChapterUploadParts(ctx, {
          key: request.body.key,
          uploadId: request.body.upload_id,
          partNumbers: request.body.part_numbers,
        }),
      ),
  );
  app.post(
    '/uploads/complete',
    {
      schema: {
        summary: 'Finishes a direct upload and attaches the file to a chapter',
        errorStatuses: [404],
        body: uploadCompleteBody,
        description:
          'Joins the parts, checks the file (first bytes, size; 422 and deleted when it fails) and attaches it to ' +
          'chapter `subject_id`, or to a new chapter `name` in the term the upload was started for.',
        response: { 200: envelope(adminSubject) },
      },
    },
    async (request) =>
      ok(await completeChapterUpload(ctx, { actorId: actorOf(request), input: request.body }), adminMessages.saved),
  );
  app.post(
    '/uploads/abort',
    {
      schema: {
        summary: 'Abandons a direct upload and deletes its parts',
        body: uploadAbortBody,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await abortChapterUpload(ctx, {
        actorId: actorOf(request),
        key: request.body.key,
        uploadId: request.body.upload_id,
      });
      return ok(null, adminMessages.deleted);
    },
  );
}
