import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, pickLanguage, type Language } from '@app/contracts';
import { translateResponseMessage } from '../lib/i18n.ts';
import { AppError } from '../lib/app-error.ts';
import { postgresErrorCode } from '../lib/postgres-error.ts';

/**
 * PostgreSQL refusing a character of the input: NUL in text (22021) or \u0000 in jsonb (22P05).
 * JSON and query strings can carry it, no column can store it, and it is only ever the client's data.
 */
const UNSTORABLE_CHARACTER = new Set(['22021', '22P05']);

/**
 * PostgreSQL gave up on the request's transaction because of other transactions, not because of anything wrong in it:
 * a deadlock (40P01; it killed this one to free the other) or a serialization failure (40001). Everything the
 * transaction wrote is rolled back, an Idempotency-Key's claim included (lib/idempotency.ts), so the same request can
 * simply be sent again: 503 with Retry-After, as a busy server, not a 500 that tells the learner something broke.
 */
const CONTENDED = new Set(['40P01', '40001']);
const CONTENDED_RETRY_AFTER_SECONDS = 1;

/**
 * The database refused to write personal data of an erased account (migration 0038, decision 066): a request that
 * passed its session check before the erasure and reached the row after it. Nothing was saved; the next request of
 * that session gets 401.
 */
const ERASED_ACCOUNT = 'ER066';

/** Collects validation issues as the spec's { field: [messages] }. */
function fieldErrors(
  issues: { instancePath?: string; message?: string; params?: unknown }[],
): Record<string, string[]> {
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
 * message, a transaction PostgreSQL gave up on to 503, a write refused
 * for an erased account to 400, anything else to a bare 500. Every answer is the envelope { status: false, message }.
 */
export function answerError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) reply.header('retry-after', error.retryAfterSeconds);
    if (error.closesConnection) reply.header('connection', 'close');
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
  const code = postgresErrorCode(error) ?? '';
  if (UNSTORABLE_CHARACTER.has(code)) {
    return reply.code(400).send({ status: false, message: messages.invalidInput });
  }
  if (code === ERASED_ACCOUNT) {
    return reply.code(400).send({ status: false, message: messages.accountErased });
  }
  if (CONTENDED.has(code)) {
    // Logged for the operator: a deadlock that keeps coming back names a lock order to fix.
    request.log.warn({ err: error }, 'transaction given up by PostgreSQL');
    reply.header('retry-after', CONTENDED_RETRY_AFTER_SECONDS);
    return reply.code(503).send({ status: false, message: messages.serverBusy });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ status: false, message: messages.somethingWentWrong });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the client asked for (Accept-Language; the web app sends its own): en, hi or ml. */
    readonly language: Language;
  }
}

interface Envelope {
  status: boolean;
  message?: unknown;
  errors?: Record<string, unknown>;
}

/** The envelope's message and field errors in the request's language: one place for every response. */
function translateEnvelope(payload: Envelope, language: Language): Envelope {
  const translated: Envelope = { ...payload };
  if (typeof payload.message === 'string') translated.message = translateResponseMessage(payload.message, language);
  if (payload.errors && typeof payload.errors === 'object') {
    translated.errors = Object.fromEntries(
      Object.entries(payload.errors).map(([field, list]) => [
        field,
        Array.isArray(list)
          ? list.map((item) => (typeof item === 'string' ? translateResponseMessage(item, language) : item))
          : list,
      ]),
    );
  }
  return translated;
}

export const errorsPlugin = fp(async (app) => {
  // Read from the header when asked for, so a request that sends no message pays nothing; browsers
  // send the same few Accept-Language strings over and over, so their answers are kept.
  const languages = new Map<string, Language>();
  app.decorateRequest('language', {
    getter(this: FastifyRequest) {
      const header = this.headers['accept-language'];
      if (typeof header !== 'string') return pickLanguage(header);
      let language = languages.get(header);
      if (language === undefined) {
        if (languages.size >= 256) languages.clear();
        language = pickLanguage(header);
        languages.set(header, language);
      }
      return language;
    },
  });
  // A callback hook, not an async one: every JSON answer passes here, most of them in English.
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
    if (!payload || typeof payload !== 'object' || typeof (payload as Envelope).status !== 'boolean') {
      done(null, payload);
      return;
    }
    const language = request.language;
    done(null, language === 'en' ? payload : translateEnvelope(payload as Envelope, language));
  });
  app.setErrorHandler(answerError);
  // An unknown path, or a known path with a method it does not have (Fastify routes both here).
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ status: false, message: messages.notFound });
  });
});
