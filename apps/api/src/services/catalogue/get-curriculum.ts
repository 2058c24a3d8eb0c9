import { asc, eq, sql } from 'drizzle-orm';
import { questions, subjects, terms } from '@app/db';
import type { CourseCurriculum, CurriculumChapter } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { AuthUser } from '../accounts/index.ts';
import { getSetting } from '../settings/index.ts';
import { toCourseItem } from './to-course-item.ts';
import { findVisibleCourse } from './get-course.ts';

/**
 * GET /course/{id}/curriculum: what a learner sees before buying: the course, its terms and their
 * chapters (names and kinds, never their files), which chapters have a quiz, and whether it gives a
 * certificate (issued when every chapter quiz is passed, so only a course with a quiz gives one).
 * Five queries at most, whatever the course's size.
 */
export async function getCurriculum(
  ctx: AppContext,
  options: { user: AuthUser; courseId: number },
): Promise<CourseCurriculum> {
  const course = await findVisibleCourse(ctx, options);
  const [rows, passMark] = await Promise.all([
    ctx.db
      .select({
        termId: terms.id,
        termName: terms.name,
        id: subjects.id,
        name: subjects.name,
        fileType: subjects.fileType,
        // A chapter has a quiz when its question bank has questions (as the certificate counts them).
        hasQuiz: sql<boolean>`exists (select 1 from ${questions} where ${questions.subjectId} = ${subjects.id})`,
      })
      .from(terms)
      .leftJoin(subjects, eq(subjects.termId, terms.id))
      .where(eq(terms.courseId, course.id))
      .orderBy(asc(terms.position), asc(terms.id), asc(subjects.position), asc(subjects.id)),
    getSetting(ctx.db, 'pass_mark_percent'),
  ]);

  const byTerm = new Map<number, CourseCurriculum['terms'][number]>();
  for (const row of rows) {
    const term = byTerm.get(row.termId) ?? { id: row.termId, name: row.termName, chapters: [] };
    byTerm.set(row.termId, term);
    // A term without chapters comes back once, with a null chapter.
    if (row.id !== null && row.name !== null && row.fileType !== null) {
      term.chapters.push({
        id: row.id,
        name: row.name,
        file_type: row.fileType as CurriculumChapter['file_type'],
        has_quiz: Boolean(row.hasQuiz),
      });
    }
  }
  const curriculum = [...byTerm.values()];
  const chapters = curriculum.flatMap((term) => term.chapters);
  const quizzes = chapters.filter((chapter) => chapter.has_quiz).length;
  const item = toCourseItem(course);
  return {
    course: item,
    language: item.language,
    school: course.batchId !== null,
    terms: curriculum,
    counts: { terms: curriculum.length, chapters: chapters.length, quizzes },
    certificate: quizzes > 0,
    pass_mark_percent: passMark,
  };
}
