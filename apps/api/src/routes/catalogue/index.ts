import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adData, categoryItem, courseCurriculum, courseFilterBody, courseIdParams, courseItem, courseListData, courseListQuery, envelope,
} from '@app/contracts';
import type { App } from '../../app.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { getAd } from '../../services/catalogue/get-ad.ts';
import { getCourse } from '../../services/catalogue/get-course.ts';
import { getCurriculum } from '../../services/catalogue/get-curriculum.ts';
import { listCategories } from '../../services/catalogue/list-categories.ts';
import { filterCourses, listCourses } from '../../services/catalogue/list-courses.ts';

const tags = ['catalogue'];
const security = [{ bearer: [] }];

/** Categories, courses and the dashboard banner. Every route needs a verified learner (the default). */
export async function catalogueRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/category', {
    schema: { tags, security, response: { 200: envelope(z.array(categoryItem)) } },
  }, async () => ok(await listCategories(ctx)));

  app.get('/course', {
    schema: { tags, security, querystring: courseListQuery, response: { 200: envelope(courseListData) } },
  }, async (request) => ok(await listCourses(ctx, { userId: sessionOf(request).user.id, language: request.query.language })));

  app.post('/course', {
    schema: { tags, security, body: courseFilterBody, response: { 200: envelope(z.array(courseItem)) } },
  }, async (request) => ok(await filterCourses(ctx, { category: request.body.category, language: request.body.language })));

  app.get('/course/:id', {
    schema: { tags, security, params: courseIdParams, response: { 200: envelope(courseItem) } },
  }, async (request) => ok(await getCourse(ctx, { user: sessionOf(request).user, courseId: request.params.id })));

  // Before purchase: the terms and chapters by name and kind, never their files.
  app.get('/course/:id/curriculum', {
    schema: { tags, security, params: courseIdParams, response: { 200: envelope(courseCurriculum) } },
  }, async (request) => ok(await getCurriculum(ctx, { user: sessionOf(request).user, courseId: request.params.id })));

  app.get('/ads', {
    schema: { tags, security, response: { 200: envelope(adData) } },
  }, async () => ok(await getAd(ctx)));
}
