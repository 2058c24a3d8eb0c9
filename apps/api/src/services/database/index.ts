export { createCaches } from './caches.ts';
export type { Caches } from './caches.ts';
export { courseListKey } from './course-list-cache.ts';
export type { CachedCourseList } from './course-list-cache.ts';
export { preparedPerDatabase } from './prepared-per-database.ts';
export type { CachedSession, Session } from './session-cache.ts';
export { asNumber, WriteBatch } from './write-batch.ts';
export type { BatchValue } from './write-batch.ts';
