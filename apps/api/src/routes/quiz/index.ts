import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope, quizMessages, quizQuestionOrResult, quizQuestionParams, quizResult, quizSubjectParams, quizSubmitBody,
} from '@app/contracts';
import type { App } from '../../app.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { getQuizQuestion } from '../../services/quiz/get-quiz-question.ts';
import { submitQuiz } from '../../services/quiz/submit-quiz.ts';

const tags = ['quiz'];
const security = [{ bearer: [] }];

/** A subject's quiz: questions one by one, one submission, then the stored result (spec section 4 Quiz). */
export async function quizRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/quiz/:subjectId/:n', {
    schema: { tags, security, params: quizQuestionParams, response: { 200: envelope(quizQuestionOrResult) } },
  }, async (request) => ok(await getQuizQuestion(ctx, { userId: sessionOf(request).user.id, ...request.params })));

  app.post('/quiz/:subjectId', {
    schema: { tags, security, params: quizSubjectParams, body: quizSubmitBody, response: { 200: envelope(quizResult) } },
  }, async (request) => ok(
    await submitQuiz(ctx, { userId: sessionOf(request).user.id, subjectId: request.params.subjectId, answers: request.body.data }),
    quizMessages.submitted,
  ));
}
