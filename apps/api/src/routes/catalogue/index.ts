import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adData,
  categoryItem,
  courseCurriculum,
  courseFilterBody,
  courseIdParams,
  courseItem,
  courseListData,
  courseListQuery,
  envelope,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { getAd, getCourse, getCurriculum, listCategories, filterCourses } from '../../services/catalogue/index.ts';
import { keepCourseList, replyWithCourseList } from './course-list-reply.ts';

const tags = ['catalogue'];

/** Categories, courses and the dashboard banner. Every route needs a verified learner (the default). */
export async function catalogueRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/category',
    {
      schema: { tags, summary: 'The course categories', response: { 200: envelope(z.array(categoryItem)) } },
    },
    async () => ok(await listCategories(ctx)),
  );

  // One answer per batch, serialized once and served with an ETag (course-list-reply.ts, decision 025).
  app.get(
    '/course',
    {
      schema: {
        tags,
        summary: 'The published courses and school courses, optionally in one language (with an ETag)',
        querystring: courseListQuery,
        response: { 200: envelope(courseListData) },
      },
      onSend: keepCourseList(ctx),
    },
    (request, reply) => replyWithCourseList(ctx, request, reply, request.query.language),
  );

  app.post(
    '/course',
    {
      schema: {
        tags,
        summary: 'The published courses of a category, in a language',
        body: courseFilterBody,
        response: { 200: envelope(z.array(courseItem)) },
      },
    },
    async (request) =>
      ok(await filterCourses(ctx, { category: request.body.category, language: request.body.language })),
  );

  app.get(
    '/course/:id',
    {
      schema: {
        tags,
        summary: 'One published course',
        params: courseIdParams,
        response: { 200: envelope(courseItem) },
      },
    },
    async (request) => ok(await getCourse(ctx, { user: sessionOf(request).user, courseId: request.params.id })),
  );

  // Before purchase: the terms and chapters by name and kind, never their files.
  app.get(
    '/course/:id/curriculum',
    {
      schema: {
        tags,
        summary: "A course's terms and chapters by name and kind (no files), for buyers to be",
        params: courseIdParams,
        response: { 200: envelope(courseCurriculum) },
      },
    },
    async (request) => ok(await getCurriculum(ctx, { user: sessionOf(request).user, courseId: request.params.id })),
  );

  app.get(
    '/ads',
    {
      schema: { tags, summary: 'The dashboard banner currently running', response: { 200: envelope(adData) } },
    },
    async () => ok(await getAd(ctx)),
  );
}
