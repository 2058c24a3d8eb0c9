import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@app/contracts';
import { AppError } from '../lib/app-error.ts';
import { postgresErrorCode } from '../lib/postgres-error.ts';

/**
 * PostgreSQL refusing a character of the input: NUL in text (22021) or \u0000 in jsonb (22P05).
 * JSON and query strings can carry it, no column can store it, and it is only ever the client's data.
 */
const UNSTORABLE_CHARACTER = new Set(['22021', '22P05']);

/** Collects validation issues as the spec's { field: [messages] }. */
function fieldErrors(issues: { instancePath?: string; message?: string; params?: unknown }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
    (errors[field] ??= []).push(issue.message ?? messages.invalidInput);
  }
  return errors;
}

/**
 * One place maps errors to HTTP: AppError by its code, schema failures to 422, Fastify's own
 * client errors (bad JSON, too large, wrong content type, a malformed URL) to their 4xx with a
 * message, anything else to a bare 500. Every answer is the envelope { status: false, message }.
 */
export function answerError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) reply.header('retry-after', error.retryAfterSeconds);
    return reply.code(error.statusCode).send({
      status: false,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrors(error.validation);
    const first = Object.values(errors)[0]?.[0] ?? messages.invalidInput;
    return reply.code(422).send({ status: false, message: first, errors });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ status: false, message: error.message || messages.invalidInput });
  }
  if (UNSTORABLE_CHARACTER.has(postgresErrorCode(error) ?? '')) {
    return reply.code(400).send({ status: false, message: messages.invalidInput });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ status: false, message: 'Something went wrong. Please try again.' });
}

export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler(answerError);
  // An unknown path, or a known path with a method it does not have (Fastify routes both here).
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ status: false, message: messages.notFound });
  });
});
