/**
 * The framework's floor: the API's Fastify, one route each, no plugin and no hook, run in its own
 * process like the API. Between the ceiling (bare node:http) and the API, it shows what Fastify's
 * routing, reply and serialisation cost before the API adds anything:
 * - GET / answers the ceiling's fixed JSON body;
 * - GET /course answers the bytes of the API's own GET /course answer (BODY_FILE), with its ETag;
 * - GET /headers answers the fixed body with the headers every API JSON answer carries (the security set as in
 *   production, a request id), set in the handler: what those headers cost Node and Fastify, without the hooks;
 * - GET /course-headers answers GET /course's bytes with those headers and its ETag and cache-control (as the API
 *   sent them: BODY_CACHE_CONTROL): the floor of GET /course itself.
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyReply } from 'fastify';
import { jsonSecurityHeaders, staticSecurityHeaders } from '../../apps/api/src/plugins/security-headers.ts';
import { FIXED_BODY } from './fixed-body.ts';

const port = Number(process.env.PORT);
const course = readFileSync(process.env.BODY_FILE!);
const etag = process.env.BODY_ETAG ?? '"floor"';
const cacheControl = process.env.BODY_CACHE_CONTROL!;

const jsonHeaders = jsonSecurityHeaders(staticSecurityHeaders({ isProduction: true, storageOrigin: null }));

const app = Fastify({ logger: false });
app.get('/', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(FIXED_BODY);
});
app.get('/course', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').header('etag', etag).send(course);
});
/** The headers every API JSON answer carries, as the API's onSend hook sets them. */
const withApiHeaders = (reply: FastifyReply) =>
  reply
    .headers(jsonHeaders)
    .header('x-request-id', crypto.randomUUID())
    .header('content-type', 'application/json; charset=utf-8');
app.get('/headers', (_request, reply) => {
  withApiHeaders(reply).send(FIXED_BODY);
});
app.get('/course-headers', (_request, reply) => {
  withApiHeaders(reply).header('etag', etag).header('cache-control', cacheControl).send(course);
});
await app.listen({ port, host: '127.0.0.1' });
console.log(`framework floor listening on ${port}`);
