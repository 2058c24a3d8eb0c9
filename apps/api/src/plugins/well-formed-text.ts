import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

/**
 * Makes every string inside `root` (an object or array) well-formed, in place: a lone UTF-16 surrogate becomes
 * U+FFFD. A loop over a stack, not recursion: a body of ten thousand nested arrays must not overflow the call stack.
 */
export function makeWellFormed(root: object): void {
  const stack: object[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (typeof value === 'string') {
        if (!value.isWellFormed()) record[key] = value.toWellFormed();
      } else if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
}

/**
 * JSON can carry a lone surrogate (`"\ud800"`), which no text can hold: a text column stores U+FFFD in its place, but
 * PostgreSQL's jsonb refuses it (22P02), and a request whose text reached the audit log's jsonb answered 500. Every
 * request body is made well-formed before it is validated, as the text columns store it. Only routes that take a body
 * get the hook; GET and HEAD pay nothing.
 */
export const wellFormedTextPlugin = fp(async (app) => {
  const wellFormedBody = async (request: FastifyRequest) => {
    if (request.body !== null && typeof request.body === 'object') makeWellFormed(request.body);
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    route.preValidation = [wellFormedBody, ...[route.preValidation ?? []].flat()];
  });
});
