import { asc, eq, inArray } from 'drizzle-orm';
import { subjects, terms } from '@app/db';
import type { FileType, TermItem } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { mediaPath } from '../catalogue/index.ts';
import { assertCourseContentAccess } from './find-course-content.ts';

/** GET /terms/{courseId}: the course's terms in order, each with its subjects (no files yet). Buyers only. */
export async function listTerms(ctx: AppContext, options: { userId: number; courseId: number }): Promise<TermItem[]> {
  await assertCourseContentAccess(ctx, options);
  const termRows = await ctx.db
    .select()
    .from(terms)
    .where(eq(terms.courseId, options.courseId))
    .orderBy(asc(terms.position), asc(terms.id));
  const subjectRows = termRows.length
    ? await ctx.db
        .select()
        .from(subjects)
        .where(
          inArray(
            subjects.termId,
            termRows.map((t) => t.id),
          ),
        )
        .orderBy(asc(subjects.position), asc(subjects.id))
    : [];
  return termRows.map((term) => ({
    id: term.id,
    name: term.name,
    about: term.about,
    photo_path: mediaPath(term.photoPath),
    termSubjects: subjectRows
      .filter((s) => s.termId === term.id)
      .map((s) => ({
        id: s.id,
        name: s.name,
        about: s.about,
        photo_path: mediaPath(s.photoPath),
        file_type: s.fileType as FileType,
      })),
  }));
}
