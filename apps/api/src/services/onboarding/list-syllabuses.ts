import { asc, eq } from 'drizzle-orm';
import { standards, syllabuses } from '@app/db';
import { accountMessages, type IdNameItem } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';

/** GET /syllabus */
export async function listSyllabuses(ctx: AppContext): Promise<IdNameItem[]> {
  return ctx.db.select({ id: syllabuses.id, name: syllabuses.name }).from(syllabuses).orderBy(asc(syllabuses.id));
}

/** GET /standard/{id}: the standards of one syllabus, in their order; 404 for an unknown syllabus. */
export async function listStandards(ctx: AppContext, options: { syllabusId: number }): Promise<IdNameItem[]> {
  const [syllabus] = await ctx.db
    .select({ id: syllabuses.id })
    .from(syllabuses)
    .where(eq(syllabuses.id, options.syllabusId));
  if (!syllabus) throw AppError.notFound(accountMessages.syllabusNotFound);
  return ctx.db
    .select({ id: standards.id, name: standards.name })
    .from(standards)
    .where(eq(standards.syllabusId, options.syllabusId))
    .orderBy(asc(standards.position), asc(standards.id));
}
