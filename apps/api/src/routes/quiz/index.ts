import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  quizAttemptsData,
  quizMessages,
  quizQuestionOrResult,
  quizQuestionParams,
  quizResult,
  quizRetakeData,
  quizSubjectParams,
  quizSubmitBody,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { getQuizQuestion, listQuizAttemptsOf, retakeQuiz, submitQuiz } from '../../services/quiz/index.ts';

const tags = ['quiz'];

/**
 * A subject's quiz: questions one by one, one submission per attempt, then the stored result;
 * retakes after a cooldown, up to a maximum (docs/product/learning-and-quizzes.md#retakes).
 */
export async function quizRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Static segments win over parameters in the router, so 'attempts' is never taken for a question number.
  app.get(
    '/quiz/:subjectId/attempts',
    {
      schema: {
        tags,
        summary: "The learner's attempts at a chapter's quiz and when a retake opens",
        errorStatuses: [403],
        params: quizSubjectParams,
        response: { 200: envelope(quizAttemptsData) },
      },
    },
    async (request) =>
      ok(await listQuizAttemptsOf(ctx, { userId: sessionOf(request).user.id, subjectId: request.params.subjectId })),
  );

  app.get(
    '/quiz/:subjectId/:n',
    {
      schema: {
        tags,
        summary: 'Question n of the current attempt, or the result once submitted',
        errorStatuses: [403],
        params: quizQuestionParams,
        response: { 200: envelope(quizQuestionOrResult) },
      },
    },
    async (request) => ok(await getQuizQuestion(ctx, { userId: sessionOf(request).user.id, ...request.params })),
  );

  app.post(
    '/quiz/:subjectId',
    {
      schema: {
        tags,
        summary: 'Submits every answer of the current attempt and answers the score',
        params: quizSubjectParams,
        body: quizSubmitBody,
        response: { 200: envelope(quizResult) },
      },
    },
    async (request) =>
      ok(
        await submitQuiz(ctx, {
          userId: sessionOf(request).user.id,
          subjectId: request.params.subjectId,
          answers: request.body.data,
        }),
        quizMessages.submitted,
      ),
  );

  app.post(
    '/quiz/:subjectId/retake',
    {
      schema: {
        tags,
        summary: 'Starts a new attempt once the cooldown has passed',
        params: quizSubjectParams,
        response: { 200: envelope(quizRetakeData) },
      },
    },
    async (request) =>
      ok(
        await retakeQuiz(ctx, { userId: sessionOf(request).user.id, subjectId: request.params.subjectId }),
        quizMessages.retakeStarted,
      ),
  );
}
