import type { ChangeFeed } from './change-feed.ts';
import { FeedCache } from './feed-cache.ts';

/** One answer per batch, course language and reply language: a few thousand at most. */
const MAX_COURSE_LISTS = 1_000;
/**
 * The backstop if a notification were ever lost while the connection looked healthy: an edited
 * course shows at most this late. Longer than the sessions': a course list is no security matter.
 */
export const COURSE_LIST_TTL_MS = 60_000;

/** GET /course's answer as sent: the serialized body, its strong ETag and content type. */
export interface CachedCourseList {
  /** The serialized answer as bytes: sent as they are, with no UTF-8 encoding or length count per request. */
  body: Buffer;
  etag: string;
  contentType: string;
}

export type CourseListCache = FeedCache<CachedCourseList>;

/** Emptied by any write to the tables GET /course reads (courses, batches: the `catalogue` channel). */
export function createCourseListCache(feed: ChangeFeed): CourseListCache {
  const cache = new FeedCache<CachedCourseList>(feed, { max: MAX_COURSE_LISTS, ttlMs: COURSE_LIST_TTL_MS });
  feed.onChange('catalogue', () => cache.clear());
  return cache;
}

/**
 * What GET /course's answer depends on: the learner's syllabus and standard (which name their batch:
 * one batch per pair), the course language asked for, and the language of the envelope's message.
 */
export function courseListKey(options: {
  syllabusId: number | null;
  standardId: number | null;
  language: string | undefined;
  replyLanguage: string;
}): string {
  return `${options.syllabusId ?? '-'}/${options.standardId ?? '-'}/${options.language ?? '*'}/${options.replyLanguage}`;
}
