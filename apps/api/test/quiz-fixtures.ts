import { and, eq, inArray } from 'drizzle-orm';
import {
  certificates,
  courses,
  purchases,
  questions,
  quizAttempts,
  subjects,
  terms,
  users,
  walletTransactions,
} from '@app/db';
import type { App } from '../src/app.ts';

export interface QuizCourse {
  courseId: number;
  courseName: string;
  /** Subjects with a question bank, in order. */
  subjectIds: number[];
  /** A subject of the course without questions: it has no quiz and does not count for the certificate. */
  subjectWithoutQuizId: number;
}

/**
 * A course with one term holding `banks.length` subjects with that many questions each, plus one
 * subject without questions. Question k of a subject has 2 + (k mod 4) options (2..5); its correct
 * option is 1 + (k mod options).
 */
export async function createQuizCourse(
  app: App,
  options: { banks?: number[]; name?: string } = {},
): Promise<QuizCourse> {
  const { db } = app.ctx;
  const banks = options.banks ?? [12, 12];
  const courseName = options.name ?? `Quiz Course ${Math.random().toString(36).slice(2, 7)}`;
  const [course] = await db
    .insert(courses)
    .values({
      name: courseName,
      pricePaise: 49_900,
      offerPricePaise: 39_900,
      isPublished: true,
    })
    .returning({ id: courses.id });
  const [term] = await db.insert(terms).values({ courseId: course!.id, name: 'Term 1' }).returning({ id: terms.id });
  const subjectIds: number[] = [];
  for (const [index, size] of banks.entries()) {
    const [subject] = await db
      .insert(subjects)
      .values({
        termId: term!.id,
        name: `Subject ${index + 1}`,
        fileType: 'link',
        fileRef: 'https://example.com',
        position: index,
      })
      .returning({ id: subjects.id });
    subjectIds.push(subject!.id);
    if (size > 0) {
      await db.insert(questions).values(
        Array.from({ length: size }, (_, k) => {
          const optionCount = 2 + (k % 4);
          const text = (n: number) => (n <= optionCount ? `S${index + 1}Q${k + 1} option ${n}` : null);
          return {
            subjectId: subject!.id,
            question: `Subject ${index + 1} question ${k + 1}?`,
            option1: text(1)!,
            option2: text(2)!,
            option3: text(3),
            option4: text(4),
            option5: text(5),
            correctOption: 1 + (k % optionCount),
          };
        }),
      );
    }
  }
  const [empty] = await db
    .insert(subjects)
    .values({
      termId: term!.id,
      name: 'Reading only',
      fileType: 'link',
      fileRef: 'https://example.com',
      position: banks.length,
    })
    .returning({ id: subjects.id });
  return { courseId: course!.id, courseName, subjectIds, subjectWithoutQuizId: empty!.id };
}

/** A paid purchase of the course, as the payment flow leaves it. */
export async function buyCourse(app: App, userId: number, courseId: number): Promise<number> {
  const [purchase] = await app.ctx.db
    .insert(purchases)
    .values({
      userId,
      courseId,
      pricePaise: 39_900,
      amountPaise: 39_900,
      status: 'paid',
      provider: 'sandbox',
      paidAt: new Date(),
    })
    .returning({ id: purchases.id });
  return purchase!.id;
}

export async function getPurchase(app: App, id: number) {
  const [row] = await app.ctx.db.select().from(purchases).where(eq(purchases.id, id));
  return row!;
}

export async function getAttempt(app: App, userId: number, subjectId: number) {
  const [row] = await app.ctx.db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.subjectId, subjectId)));
  return row;
}

export async function countAttempts(app: App, userId: number, subjectId: number): Promise<number> {
  const rows = await app.ctx.db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.subjectId, subjectId)));
  return rows.length;
}

/** The correct option of each question, read from the bank (tests only: the API never tells). */
export async function correctOptions(
  app: App,
  questionIds: number[],
): Promise<Map<number, { correct: number; optionCount: number }>> {
  const rows = await app.ctx.db.select().from(questions).where(inArray(questions.id, questionIds));
  return new Map(
    rows.map((q) => [
      q.id,
      {
        correct: q.correctOption,
        optionCount: [q.option1, q.option2, q.option3, q.option4, q.option5].filter((o) => o !== null).length,
      },
    ]),
  );
}

/**
 * The learner's wallet points and Quiz Points ledger; `earned` sums the entries not cancelled, held (Pending, in
 * the refund window of the purchase) or Done.
 */
export async function quizPointsOf(app: App, userId: number) {
  const [user] = await app.ctx.db
    .select({ points: users.points, balancePaise: users.balancePaise })
    .from(users)
    .where(eq(users.id, userId));
  const ledger = await app.ctx.db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.method, 'Quiz Points')));
  const earned = ledger.filter((e) => e.status !== 'Rejected').reduce((sum, e) => sum + e.points, 0);
  return { points: user!.points, balancePaise: user!.balancePaise, earned, ledger };
}

/** The learner's certificate for the course, if issued. */
export async function getCertificate(app: App, userId: number, courseId: number) {
  const [row] = await app.ctx.db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
  return row;
}
