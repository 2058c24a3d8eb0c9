import type { Database } from '@app/db';
import { createCourseListCache, type CourseListCache } from './course-list-cache.ts';
import { createChangeFeed, type ChangeFeed, type ChangeFeedLog } from './change-feed.ts';
import { SessionCache } from './session-cache.ts';

/** The in-process caches and the database's change feed that keeps them true (decision 025). */
export interface Caches {
  feed: ChangeFeed;
  /** Sessions by token hash (services/accounts/find-session.ts findSession). */
  sessions: SessionCache;
  /** GET /course's serialized answers (routes/catalogue/course-list-reply.ts). */
  courseLists: CourseListCache;
}

/** The caches, empty and reading through until `feed.start()`. */
export function createCaches(database: Database, log: ChangeFeedLog): Caches {
  const feed = createChangeFeed(database, log);
  return { feed, sessions: new SessionCache(feed), courseLists: createCourseListCache(feed) };
}
