/**
 * The data the API scenarios read, written through the app's own code: the test fixtures for
 * accounts and catalogue rows, and the real payment, commission, level and ledger services for
 * everything that moves money, so the rows look exactly as production writes them.
 */
import { courses, purchases } from '@app/db';
import type { App } from '../../apps/api/src/app.ts';
import { markPurchasePaid } from '../../apps/api/src/services/purchases/mark-purchase-paid.ts';
import { postEntry } from '../../apps/api/src/services/wallet/index.ts';
import { createLearner, TEST_PASSWORD, type Learner } from '../../apps/api/test/fixtures.ts';
import { createBatch, createCategory, createCourse } from '../../apps/api/test/catalogue-fixtures.ts';

/** How much of everything: a learner with a lived-in account, not an empty one. */
export const SEED_SHAPE = {
  categories: 4,
  coursesPerCategory: 6,
  /** Published subjects of the learner's school batch (GET /course's `school` list). */
  schoolCourses: 8,
  boughtCourses: 3,
  subUsers: 24,
  /** Sub-users who buy a course: each pays the learner a commission and moves their level. */
  activeSubUsers: 20,
  quizPointEntries: 260,
  /** Accounts POST /login signs in to, one per connection's worth of traffic. */
  loginAccounts: 20,
} as const;

export interface SeededData {
  learner: Learner;
  loginEmails: string[];
  password: string;
  counts: {
    catalogueCourses: number;
    schoolCourses: number;
    ledgerEntries: number;
    subUsers: number;
    activeSubUsers: number;
  };
}

const ABOUT =
  'A complete course with recorded lessons, worked examples, chapter quizzes and a certificate. ' +
  'Study at your own pace on any device; every chapter ends with a short quiz that checks what you learnt.';

/** A pending purchase made paid by the payments code's own conditional UPDATE and onPurchasePaid. */
async function buyCourse(app: App, userId: number, courseId: number, amountPaise: number): Promise<void> {
  const [purchase] = await app.ctx.db
    .insert(purchases)
    .values({
      userId,
      courseId,
      pricePaise: amountPaise,
      amountPaise,
      provider: 'sandbox',
      status: 'pending',
    })
    .returning({ id: purchases.id });
  await app.ctx.db.transaction(async (tx) => {
    const paid = await markPurchasePaid(tx, app.ctx, {
      purchaseId: purchase!.id,
      payment: { paymentId: `pay_bench_${purchase!.id}`, amountPaise, currency: 'INR' },
    });
    if (!paid) throw new Error(`bench seed: purchase ${purchase!.id} was not marked paid`);
  });
}

async function seedCatalogue(app: App, learnerId: number): Promise<number[]> {
  const courseIds: number[] = [];
  for (let c = 0; c < SEED_SHAPE.categories; c++) {
    const category = await createCategory(app, `Category ${c + 1}`);
    for (let i = 0; i < SEED_SHAPE.coursesPerCategory; i++) {
      const price = 49_900 + 10_000 * i;
      const course = await createCourse(app, {
        name: `${category.name} course ${i + 1}`,
        categoryId: category.id,
        pricePaise: price,
        offerPricePaise: price - 5_000,
        photoPath: `courses/${category.id}-${i}.webp`,
        videoPath: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      });
      courseIds.push(course.id);
    }
  }
  const batch = await createBatch(app, { learnerId, feePaise: 150_000 });
  for (let i = 0; i < SEED_SHAPE.schoolCourses; i++) {
    await createCourse(app, {
      name: `School subject ${i + 1}`,
      batchId: batch.id,
      pricePaise: 0,
      photoPath: `courses/school-${i}.webp`,
    });
  }
  return courseIds;
}

export async function seedScenarioData(app: App): Promise<SeededData> {
  const learner = await createLearner(app);
  const courseIds = await seedCatalogue(app, learner.id);
  // ABOUT is long on purpose: GET /course serialises every course's description.
  await app.ctx.db.update(courses).set({ about: ABOUT });

  for (const courseId of courseIds.slice(0, SEED_SHAPE.boughtCourses))
    await buyCourse(app, learner.id, courseId, 49_900);

  for (let i = 0; i < SEED_SHAPE.subUsers; i++) {
    const subUser = await createLearner(app, { referrerId: learner.id });
    if (i < SEED_SHAPE.activeSubUsers) await buyCourse(app, subUser.id, courseIds[i % courseIds.length]!, 99_900);
  }
  for (let i = 0; i < SEED_SHAPE.quizPointEntries; i++) {
    await postEntry(app.ctx.db, {
      userId: learner.id,
      method: 'Quiz Points',
      amountPaise: 0,
      points: 5,
      status: 'Done',
      description: 'Quiz result',
    });
  }

  const loginEmails: string[] = [];
  for (let i = 0; i < SEED_SHAPE.loginAccounts; i++) loginEmails.push((await createLearner(app)).email);

  const [{ n: ledgerEntries } = { n: 0 }] = (
    await app.ctx.database.pool!.query<{ n: number }>(
      'select count(*)::int as n from wallet_transactions where user_id = $1',
      [learner.id],
    )
  ).rows;
  return {
    learner,
    loginEmails,
    password: TEST_PASSWORD,
    counts: {
      catalogueCourses: courseIds.length,
      schoolCourses: SEED_SHAPE.schoolCourses,
      ledgerEntries,
      subUsers: SEED_SHAPE.subUsers,
      activeSubUsers: SEED_SHAPE.activeSubUsers,
    },
  };
}
