import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages,
  addClassBody,
  addClassData,
  batchData,
  batchParams,
  envelope,
  idNameItem,
  masterData,
  myBatchData,
  standardParams,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import {
  addClass,
  getBatch,
  getMyBatch,
  getMasterData,
  listStandards,
  listSyllabuses,
} from '../../services/onboarding/index.ts';

const tags = ['onboarding'];
/** Onboarding happens before the email is verified, so these only need a signed-in learner. */
const signedIn = { auth: 'signed-in' } as const;

/** Master data and Choose My Batch (syllabus, standard, batch, add-class). */
export async function onboardingRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/master',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The lists profile forms choose from: countries, genders, marital statuses',
        response: { 200: envelope(masterData) },
      },
    },
    async () => ok(await getMasterData(ctx)),
  );

  app.get(
    '/syllabus',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The syllabuses a learner can choose',
        response: { 200: envelope(z.array(idNameItem)) },
      },
    },
    async () => ok(await listSyllabuses(ctx)),
  );

  app.get(
    '/standard/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The standards (classes) of a syllabus',
        params: standardParams,
        response: { 200: envelope(z.array(idNameItem)) },
      },
    },
    async (request) => ok(await listStandards(ctx, { syllabusId: request.params.id })),
  );

  app.get(
    '/batch/:syllabusId/:standardId',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The batch for a syllabus and standard, with its fee',
        params: batchParams,
        response: { 200: envelope(batchData) },
      },
    },
    async (request) => ok(await getBatch(ctx, { user: sessionOf(request).user, ...request.params })),
  );

  app.get(
    '/batch',
    {
      config: signedIn,
      schema: { tags, summary: "The learner's own batch, once chosen", response: { 200: envelope(myBatchData) } },
    },
    async (request) => ok(await getMyBatch(ctx, { user: sessionOf(request).user })),
  );

  app.post(
    '/add-class',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Saves the learner's syllabus and standard (Choose My Batch)",
        body: addClassBody,
        response: { 200: envelope(addClassData) },
      },
    },
    async (request) =>
      ok(
        await addClass(ctx, { user: sessionOf(request).user, input: request.body, ip: request.ip }),
        accountMessages.classAdded,
      ),
  );
}
