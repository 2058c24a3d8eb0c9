import { sql } from 'drizzle-orm';
import { check, integer, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { subjects } from './catalogue.ts';

/**
 * The HLS renditions of a video chapter, one row per chapter. `source_ref` is the chapter file the
 * row describes: when the chapter's file_ref differs (a new upload), the row is stale and counts
 * as pending. `version` grows with every reset and every run, so output lands under
 * `hls/<subject>/<version>/` and a superseded run can never mark itself ready.
 */
export const videoRenditions = pgTable(
  'video_renditions',
  {
    subjectId: integer('subject_id')
      .primaryKey()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    sourceRef: text('source_ref').notNull(),
    version: integer('version').notNull().default(1),
    /** pending | running | ready | failed */
    status: text('status').notNull().default('pending'),
    /** 0..100 */
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    /** Storage key of the master playlist once ready, e.g. `hls/12/3/master.m3u8`. */
    masterKey: text('master_key'),
    /** Rendition heights made, e.g. '240,360,720'. */
    renditions: text('renditions'),
    durationSeconds: real('duration_seconds'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('video_renditions_status', sql`${t.status} IN ('pending','running','ready','failed')`),
    check('video_renditions_progress', sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);
