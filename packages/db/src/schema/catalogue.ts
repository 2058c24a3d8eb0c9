import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { batches } from './onboarding.ts';

export const categories = pgTable('categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
});

export const courses = pgTable(
  'courses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer('category_id').references(() => categories.id),
    /** Set for a school batch's subject course (`data.school`); null for the open catalogue. */
    batchId: integer('batch_id').references(() => batches.id),
    name: text('name').notNull(),
    about: text('about').notNull().default(''),
    photoPath: text('photo_path'),
    videoPath: text('video_path'),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    offerPricePaise: bigint('offer_price_paise', { mode: 'number' }).notNull(),
    isPublished: boolean('is_published').notNull().default(false),
    /**
     * Set (by a trigger, migration 0042) the first time the course is published, and never cleared: a school batch's
     * subject course opens to its batch only then, so an operator's draft stays closed, while one unpublished later
     * stays open to the learners studying it (decision 074).
     */
    wasPublished: boolean('was_published').notNull().default(false),
    /** The language the course is taught in: en | hi | ml (the catalogue filters on it). */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('courses_category_idx').on(t.categoryId),
    index('courses_batch_idx').on(t.batchId),
    check('courses_language', sql`${t.language} IN ('en','hi','ml')`),
    check(
      'courses_prices_valid',
      sql`${t.pricePaise} >= 0 AND ${t.offerPricePaise} >= 0 AND ${t.offerPricePaise} <= ${t.pricePaise}`,
    ),
  ],
);

export const terms = pgTable(
  'terms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    about: text('about').notNull().default(''),
    photoPath: text('photo_path'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('terms_course_idx').on(t.courseId, t.position)],
);

export const subjects = pgTable(
  'subjects',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    termId: integer('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    about: text('about').notNull().default(''),
    photoPath: text('photo_path'),
    /** pdf | youtube | video | link */
    fileType: text('file_type').notNull(),
    /** Storage key for pdf and video; the URL itself for youtube and link. */
    fileRef: text('file_ref').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('subjects_term_idx').on(t.termId, t.position),
    check('subjects_file_type', sql`${t.fileType} IN ('pdf','youtube','video','link')`),
  ],
);

export const ads = pgTable('ads', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  url: text('url').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
