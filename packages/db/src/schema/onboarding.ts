import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  countryName: text('country_name').notNull(),
  isoCode: text('iso_code').notNull().unique(),
});

export const genders = pgTable('genders', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const maritalStatuses = pgTable('marital_statuses', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const syllabuses = pgTable('syllabuses', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
});

export const standards = pgTable('standards', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  syllabusId: integer('syllabus_id')
    .notNull()
    .references(() => syllabuses.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

/** A batch is a syllabus + standard pair with its own subjects (courses) and an optional fee. */
export const batches = pgTable(
  'batches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    syllabusId: integer('syllabus_id')
      .notNull()
      .references(() => syllabuses.id, { onDelete: 'cascade' }),
    standardId: integer('standard_id')
      .notNull()
      .references(() => standards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    feePaise: bigint('fee_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('batches_syllabus_standard_key').on(t.syllabusId, t.standardId),
    check('batches_fee_non_negative', sql`${t.feePaise} >= 0`),
  ],
);
