import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  continueData,
  courseIdParams,
  envelope,
  hlsFileParams,
  learnData,
  progressBody,
  progressData,
  subjectFileParams,
  subjectFileQuery,
  subjectItem,
  termItem,
  termParams,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import {
  listLearning,
  listTermSubjects,
  listTerms,
  openSubjectFile,
  getProgress,
  recordProgress,
  getContinue,
  openHlsFile,
} from '../../services/learning/index.ts';
import { replyWithFile } from '../media/reply-with-file.ts';

const tags = ['learning'];

/** My Courses, course content for buyers, chapter files behind signed links, and progress. */
export async function learningRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const apiPrefix = fastify.prefix;

  app.get(
    '/learn',
    {
      schema: {
        tags,
        summary: "My Courses: the learner's bought courses and school courses",
        response: { 200: envelope(learnData) },
      },
    },
    async (request) => ok(await listLearning(ctx, { userId: sessionOf(request).user.id })),
  );

  app.get(
    '/terms/:id',
    {
      schema: {
        tags,
        summary: 'The terms of a bought course',
        errorStatuses: [403],
        params: courseIdParams,
        response: { 200: envelope(z.array(termItem)) },
      },
    },
    async (request) => ok(await listTerms(ctx, { userId: sessionOf(request).user.id, courseId: request.params.id })),
  );

  app.get(
    '/term-subjects/:id',
    {
      schema: {
        tags,
        summary: 'The chapters of a term of a bought course, with signed file links',
        errorStatuses: [403],
        params: termParams,
        response: { 200: envelope(z.array(subjectItem)) },
      },
    },
    async (request) =>
      ok(await listTermSubjects(ctx, { userId: sessionOf(request).user.id, termId: request.params.id, apiPrefix })),
  );

  app.post(
    '/progress',
    {
      schema: {
        tags,
        summary: "Records the learner's progress in a chapter (position, pages, completion)",
        errorStatuses: [403, 404],
        body: progressBody,
        response: { 200: envelope(progressData) },
      },
    },
    async (request) => {
      const { body } = request;
      return ok(
        await recordProgress(ctx, {
          userId: sessionOf(request).user.id,
          subjectId: body.subject_id,
          report: {
            positionSeconds: body.position_seconds,
            durationSeconds: body.duration_seconds,
            watchedSeconds: body.watched_seconds,
            page: body.page,
            pageCount: body.page_count,
            completed: body.completed,
          },
        }),
      );
    },
  );

  app.get(
    '/progress/:id',
    {
      schema: {
        tags,
        summary: "The learner's progress in a bought course",
        errorStatuses: [403],
        params: courseIdParams,
        response: { 200: envelope(progressData) },
      },
    },
    async (request) => ok(await getProgress(ctx, { userId: sessionOf(request).user.id, courseId: request.params.id })),
  );

  app.get(
    '/continue',
    {
      schema: {
        tags,
        summary: 'The chapter studied last, for the dashboard; null when none',
        response: { 200: envelope(continueData) },
      },
    },
    async (request) => ok(await getContinue(ctx, { userId: sessionOf(request).user.id })),
  );

  // Public: frames and video tags cannot send the bearer token; the signed link says who may open it.
  app.get(
    '/files/subjects/:subjectId',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A chapter file (pdf, mp4) behind a signed link; supports Range',
        errorStatuses: [403],
        params: subjectFileParams,
        querystring: subjectFileQuery,
      },
    },
    async (request, reply) => {
      const file = await openSubjectFile(ctx, {
        subjectId: request.params.subjectId,
        query: request.query,
        range: request.headers.range,
      });
      return replyWithFile(reply, file, { cacheControl: 'private, max-age=3600' });
    },
  );

  // Public like the file above; the signature sits in the path so the playlists' relative links carry it.
  app.get(
    '/files/subjects/:subjectId/hls/:version/:token/*',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "A video chapter's HLS playlist or segment behind a signed path (hls_url)",
        errorStatuses: [403],
        params: hlsFileParams,
      },
    },
    async (request, reply) => {
      const { subjectId, version, token, '*': path } = request.params;
      const file = await openHlsFile(ctx, { subjectId, version, token, path, range: request.headers.range });
      return replyWithFile(reply, file, {
        cacheControl: path.endsWith('.ts') ? 'private, max-age=86400, immutable' : 'private, max-age=60',
      });
    },
  );

  // Background transcodes started by this process finish before the database closes.
}
