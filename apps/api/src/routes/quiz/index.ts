import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope, quizAttemptsData, quizMessages, quizQuestionOrResult, quizQuestionParams, quizResult, quizRetakeData, quizSubjectParams,
  quizSubmitBody,
} from '@app/contracts';
import type { App } from '../../app.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { getQuizQuestion } from '../../services/quiz/get-quiz-question.ts';
import { listQuizAttemptsOf } from '../../services/quiz/list-quiz-attempts.ts';
import { retakeQuiz } from '../../services/quiz/retake-quiz.ts';
import { submitQuiz } from '../../services/quiz/submit-quiz.ts';

const tags = ['quiz'];
const security = [{ bearer: [] }];

/**
 * A subject's quiz: questions one by one, one submission per attempt, then the stored result;
 * retakes after a cooldown, up to a maximum (spec section 4 Quiz; server-rules.md "Learning and quizzes").
 */
export async function quizRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Static segments win over parameters in the router, so 'attempts' is never taken for a question number.
  app.get('/quiz/:subjectId/attempts', {
    schema: { tags, security, params: quizSubjectParams, response: { 200: envelope(quizAttemptsData) } },
  }, async (request) => ok(await listQuizAttemptsOf(ctx, { userId: sessionOf(request).user.id, subjectId: request.params.subjectId })));

  app.get('/quiz/:subjectId/:n', {
    schema: { tags, security, params: quizQuestionParams, response: { 200: envelope(quizQuestionOrResult) } },
  }, async (request) => ok(await getQuizQuestion(ctx, { userId: sessionOf(request).user.id, ...request.params })));

  app.post('/quiz/:subjectId', {
    schema: { tags, security, params: quizSubjectParams, body: quizSubmitBody, response: { 200: envelope(quizResult) } },
  }, async (request) => ok(
    await submitQuiz(ctx, { userId: sessionOf(request).user.id, subjectId: request.params.subjectId, answers: request.body.data }),
    quizMessages.submitted,
  ));

  app.post('/quiz/:subjectId/retake', {
    schema: { tags, security, params: quizSubjectParams, response: { 200: envelope(quizRetakeData) } },
  }, async (request) => ok(
    await retakeQuiz(ctx, { userId: sessionOf(request).user.id, subjectId: request.params.subjectId }),
    quizMessages.retakeStarted,
  ));
}
