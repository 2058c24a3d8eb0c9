import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { CourseLanguage } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { courseListKey, type CachedCourseList, type Session } from '../../services/database/index.ts';
import { listCourses } from '../../services/catalogue/index.ts';

/**
 * Behind a bearer token, so never in a shared cache; the browser keeps it but asks each time, and
 * an unchanged list costs a 304 without a body.
 */
const CACHE_CONTROL = 'private, no-cache';

/** Answers read from the database this request, to be kept once serialized (by `keepCourseList`). */
const toKeep = new WeakMap<FastifyRequest, { key: string; generation: number }>();

/** If-None-Match against a strong ETag: any listed tag (weak or not) naming the same body, or `*`. */
function isNotModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/**
 * GET /course from the course-list cache when it holds this batch's answer, else from the database
 * (kept by `keepCourseList` once Fastify has serialized it, so a cached answer is the very bytes the
 * route would send). The auth hook's findSession has already settled the change feed for this request.
 *
 * A cached answer is sent here and nothing is returned: no promise, and no `return reply`, which Fastify
 * would await as a thenable (a listener on the response's end whenever an onSend hook is still running).
 */
export function replyWithCourseList(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  language: CourseLanguage | undefined,
): ReturnType<typeof readCourseList> | undefined {
  const { user } = sessionOf(request);
  const key = courseListKey({
    syllabusId: user.syllabusId,
    standardId: user.standardId,
    language,
    replyLanguage: request.language,
  });
  const cached = ctx.caches.courseLists.get(key);
  if (!cached) return readCourseList(ctx, request, { key, user, language });
  reply.header('etag', cached.etag).header('cache-control', CACHE_CONTROL);
  if (isNotModified(request, cached.etag)) reply.code(304).send();
  else reply.type(cached.contentType).send(cached.body);
  return undefined;
}

async function readCourseList(
  ctx: AppContext,
  request: FastifyRequest,
  options: { key: string; user: Session['user']; language: CourseLanguage | undefined },
) {
  const { key, user, language } = options;
  const generation = ctx.caches.courseLists.generation;
  const data = await listCourses(ctx, { syllabusId: user.syllabusId, standardId: user.standardId, language });
  toKeep.set(request, { key, generation });
  return ok(data);
}

/**
 * The route's onSend hook: keeps a freshly serialized answer, and tags it with its ETag. A callback hook, not an
 * async one: it runs on every GET /course, and a cached answer passes straight through.
 */
export function keepCourseList(ctx: AppContext): onSendHookHandler {
  return (request, reply, payload, done) => {
    const pending = toKeep.get(request);
    if (!pending || reply.statusCode !== 200 || typeof payload !== 'string') {
      done(null, payload);
      return;
    }
    const body = Buffer.from(payload);
    const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
    const entry: CachedCourseList = { body, etag, contentType: String(reply.getHeader('content-type')) };
    ctx.caches.courseLists.set(pending.key, entry, pending.generation);
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
    if (!isNotModified(request, etag)) {
      done(null, payload);
      return;
    }
    reply.code(304);
    done(null, '');
  };
}
