import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages, addClassBody, addClassData, batchData, batchParams, envelope, idNameItem, masterData,
  myBatchData, standardParams,
} from '@app/contracts';
import type { App } from '../../app.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { addClass } from '../../services/onboarding/add-class.ts';
import { getBatch, getMyBatch } from '../../services/onboarding/get-batch.ts';
import { getMasterData } from '../../services/onboarding/get-master-data.ts';
import { listStandards, listSyllabuses } from '../../services/onboarding/list-syllabuses.ts';

const tags = ['onboarding'];
const security = [{ bearer: [] }];
/** Onboarding happens before the email is verified, so these only need a signed-in learner. */
const signedIn = { auth: 'signed-in' } as const;

/** Master data and Choose My Batch (syllabus, standard, batch, add-class). */
export async function onboardingRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/master', {
    config: signedIn,
    schema: { tags, security, response: { 200: envelope(masterData) } },
  }, async () => ok(await getMasterData(ctx)));

  app.get('/syllabus', {
    config: signedIn,
    schema: { tags, security, response: { 200: envelope(z.array(idNameItem)) } },
  }, async () => ok(await listSyllabuses(ctx)));

  app.get('/standard/:id', {
    config: signedIn,
    schema: { tags, security, params: standardParams, response: { 200: envelope(z.array(idNameItem)) } },
  }, async (request) => ok(await listStandards(ctx, { syllabusId: request.params.id })));

  app.get('/batch/:syllabusId/:standardId', {
    config: signedIn,
    schema: { tags, security, params: batchParams, response: { 200: envelope(batchData) } },
  }, async (request) => ok(await getBatch(ctx, { user: sessionOf(request).user, ...request.params })));

  app.get('/batch', {
    config: signedIn,
    schema: { tags, security, response: { 200: envelope(myBatchData) } },
  }, async (request) => ok(await getMyBatch(ctx, { user: sessionOf(request).user })));

  app.post('/add-class', {
    config: signedIn,
    schema: { tags, security, body: addClassBody, response: { 200: envelope(addClassData) } },
  }, async (request) => ok(
    await addClass(ctx, { user: sessionOf(request).user, input: request.body, ip: request.ip }),
    accountMessages.classAdded,
  ));
}
