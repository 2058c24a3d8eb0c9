import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

/** `value` with every string in it made well-formed (a lone UTF-16 surrogate becomes U+FFFD), in place. */
export function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.isWellFormed() ? value : value.toWellFormed();
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = wellFormed(value[i]);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = wellFormed(record[key]);
  }
  return value;
}

/**
 * JSON can carry a lone surrogate (`"\ud800"`), which no text can hold: a text column stores U+FFFD in its place, but
 * PostgreSQL's jsonb refuses it (22P02), and a request whose text reached the audit log's jsonb answered 500. Every
 * request body is made well-formed before it is validated, as the text columns store it. Only routes that take a body
 * get the hook; GET and HEAD pay nothing.
 */
export const wellFormedTextPlugin = fp(async (app) => {
  const makeWellFormed = async (request: FastifyRequest) => {
    if (request.body !== null && typeof request.body === 'object') wellFormed(request.body);
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    route.preValidation = [makeWellFormed, ...[route.preValidation ?? []].flat()];
  });
});
