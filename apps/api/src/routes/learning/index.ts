import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  continueData, courseIdParams, envelope, hlsFileParams, learnData, progressBody, progressData, subjectFileParams, subjectFileQuery, subjectItem,
  termItem, termParams,
} from '@app/contracts';
import type { App } from '../../app.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { listLearning } from '../../services/learning/list-learning.ts';
import { listTermSubjects } from '../../services/learning/list-term-subjects.ts';
import { listTerms } from '../../services/learning/list-terms.ts';
import { openSubjectFile } from '../../services/learning/open-subject-file.ts';
import { getProgress, recordProgress } from '../../services/learning/record-progress.ts';
import { getContinue } from '../../services/learning/get-continue.ts';
import { replyWithFile } from '../media/reply-with-file.ts';
import { openHlsFile } from '../../services/video/hls-files.ts';

const tags = ['learning'];
const security = [{ bearer: [] }];

/** My Courses, course content for buyers, chapter files behind signed links, and progress. */
export async function learningRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const apiPrefix = fastify.prefix;

  app.get('/learn', {
    schema: { tags, security, response: { 200: envelope(learnData) } },
  }, async (request) => ok(await listLearning(ctx, { userId: sessionOf(request).user.id })));

  app.get('/terms/:id', {
    schema: { tags, security, params: courseIdParams, response: { 200: envelope(z.array(termItem)) } },
  }, async (request) => ok(await listTerms(ctx, { userId: sessionOf(request).user.id, courseId: request.params.id })));

  app.get('/term-subjects/:id', {
    schema: { tags, security, params: termParams, response: { 200: envelope(z.array(subjectItem)) } },
  }, async (request) => ok(await listTermSubjects(ctx, { userId: sessionOf(request).user.id, termId: request.params.id, apiPrefix })));

  app.post('/progress', {
    schema: { tags, security, body: progressBody, response: { 200: envelope(progressData) } },
  }, async (request) => {
    const { body } = request;
    return ok(await recordProgress(ctx, {
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
    }));
  });

  app.get('/progress/:id', {
    schema: { tags, security, params: courseIdParams, response: { 200: envelope(progressData) } },
  }, async (request) => ok(await getProgress(ctx, { userId: sessionOf(request).user.id, courseId: request.params.id })));

  app.get('/continue', {
    schema: { tags, security, summary: 'The chapter studied last, for the dashboard; null when none', response: { 200: envelope(continueData) } },
  }, async (request) => ok(await getContinue(ctx, { userId: sessionOf(request).user.id })));

  // Public: frames and video tags cannot send the bearer token; the signed link says who may open it.
  app.get('/files/subjects/:subjectId', {
    config: { auth: 'public' },
    schema: { tags, summary: 'A chapter file (pdf, mp4) behind a signed link; supports Range', params: subjectFileParams, querystring: subjectFileQuery },
  }, async (request, reply) => {
    const file = await openSubjectFile(ctx, { subjectId: request.params.subjectId, query: request.query, range: request.headers.range });
    return replyWithFile(reply, file, { cacheControl: 'private, max-age=3600' });
  });

  // Public like the file above; the signature sits in the path so the playlists' relative links carry it.
  app.get('/files/subjects/:subjectId/hls/:version/:token/*', {
    config: { auth: 'public' },
    schema: { tags, summary: "A video chapter's HLS playlist or segment behind a signed path (hls_url)", params: hlsFileParams },
  }, async (request, reply) => {
    const { subjectId, version, token, '*': path } = request.params;
    const file = await openHlsFile(ctx, { subjectId, version, token, path, range: request.headers.range });
    return replyWithFile(reply, file, { cacheControl: path.endsWith('.ts') ? 'private, max-age=86400, immutable' : 'private, max-age=60' });
  });

  // Background transcodes started by this process finish before the database closes.
}
