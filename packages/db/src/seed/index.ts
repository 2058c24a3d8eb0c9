import { eq, sql } from 'drizzle-orm';
import { canonicalEmail } from '@app/contracts';
import type { Db, DbOrTx } from '../client.ts';
import {
  ads,
  batches,
  categories,
  countries,
  courses,
  offerCodes,
  questions,
  settings,
  standards,
  subjects,
  syllabuses,
  terms,
  users,
} from '../schema/index.ts';
import { AD_BANNER_ASSET, contentTypeOf, courseImageAsset, readSeedAsset, seedKeys } from './assets.ts';
import { DEMO_ADMIN, DEMO_LEARNER, DEMO_REFERRED_LEARNERS } from './content/accounts.ts';
import {
  BATCH_COURSES,
  BATCH_OFFER_CODE,
  CATALOGUE_COURSES,
  CATEGORIES,
  OFFER_CODES,
  STANDARD_COUNT,
  SYLLABUSES,
  batchFeePaise,
  batchName,
  standardName,
} from './content/catalogue.ts';
import { DEMO_VIDEO_ASSET, type ChapterFile, type SeedCourse } from './content/types.ts';

export { DEMO_ADMIN, DEMO_LEARNER, DEMO_REFERRED_LEARNERS } from './content/accounts.ts';

/** What the seed needs from the API: where files go and how passwords are hashed. */
export interface SeedServices {
  putFile(key: string, body: Buffer, contentType: string): Promise<void>;
  hashPassword(password: string): Promise<string>;
  now?: () => Date;
}

export type SeedResult =
  | { seeded: true; counts: Record<'courses' | 'subjects' | 'questions' | 'users' | 'files', number> }
  | { seeded: false; reason: string };

/** settings row written last: a seeded database is never seeded again, even after its users are gone. */
export const DEMO_SEED_MARKER = 'demo_seeded';
const SEED_VERSION = 1;
/** Any constant: instances starting together on one empty PostgreSQL seed it once. */
const SEED_LOCK = 727_002;

const ALL_COURSES: SeedCourse[] = [...CATALOGUE_COURSES, ...BATCH_COURSES];

async function reasonToSkip(db: DbOrTx): Promise<string | null> {
  const [marker] = await db
    .select({ key: settings.key })
    .from(settings)
    .where(eq(settings.key, DEMO_SEED_MARKER))
    .limit(1);
  if (marker) return 'demo data was seeded before';
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  if (user) return 'the database already has users';
  return null;
}

/** Every file the content refers to, by storage key. */
function filesToStore(): Map<string, string> {
  const files = new Map<string, string>([[seedKeys.adBanner, AD_BANNER_ASSET]]);
  for (const course of ALL_COURSES) {
    files.set(seedKeys.courseImage(course.slug), courseImageAsset(course.slug));
    if (course.hasDemoVideo) files.set(seedKeys.demoVideo(DEMO_VIDEO_ASSET), DEMO_VIDEO_ASSET);
    for (const term of course.terms) {
      for (const subject of term.subjects) {
        if (subject.file.type === 'pdf' || subject.file.type === 'video')
          files.set(seedKeys.chapterFile(subject.file.asset), subject.file.asset);
      }
    }
  }
  return files;
}

function fileRefOf(file: ChapterFile): string {
  return file.type === 'pdf' || file.type === 'video' ? seedKeys.chapterFile(file.asset) : file.url;
}

/**
 * Fills an empty database with the demo: syllabuses, standards and batches; categories, courses,
 * terms, chapters and question banks; offer codes; an ad; and the demo accounts. Does nothing
 * when the database has users or was seeded before. Levels and business settings are reference
 * data of the migrations, not demo data.
 */
export async function seedDatabase(db: Db, services: SeedServices): Promise<SeedResult> {
  const before = await reasonToSkip(db);
  if (before) return { seeded: false, reason: before };

  // Files first (putting one twice is harmless), so no row ever points at a missing file.
  const files = filesToStore();
  for (const [key, asset] of files) await services.putFile(key, await readSeedAsset(asset), contentTypeOf(asset));

  const [demoHash, adminHash] = await Promise.all([
    services.hashPassword(DEMO_LEARNER.password),
    services.hashPassword(DEMO_ADMIN.password),
  ]);
  const now = services.now?.() ?? new Date();

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const raced = await reasonToSkip(tx);
    if (raced) return { seeded: false, reason: raced };

    const syllabusRows = await tx
      .insert(syllabuses)
      .values(SYLLABUSES.map((name) => ({ name })))
      .returning();
    const standardIds = new Map<string, number>();
    const batchIds = new Map<string, number>();
    for (const syllabus of syllabusRows) {
      const numbers = Array.from({ length: STANDARD_COUNT }, (_, i) => i + 1);
      const standardRows = await tx
        .insert(standards)
        .values(numbers.map((n) => ({ syllabusId: syllabus.id, name: standardName(n), position: n })))
        .returning();
      const batchRows = await tx
        .insert(batches)
        .values(
          standardRows.map((standard) => ({
            syllabusId: syllabus.id,
            standardId: standard.id,
            name: batchName(syllabus.name, standard.position),
            feePaise: batchFeePaise(standard.position),
          })),
        )
        .returning();
      standardRows.forEach((standard) => standardIds.set(`${syllabus.name}/${standard.position}`, standard.id));
      batchRows.forEach((batch, i) => batchIds.set(`${syllabus.name}/${standardRows[i]!.position}`, batch.id));
    }
    const batchIdOf = (batch: { syllabus: string; standard: number }) => {
      const id = batchIds.get(`${batch.syllabus}/${batch.standard}`);
      if (!id) throw new Error(`seed: no batch ${batch.syllabus} ${batch.standard}`);
      return id;
    };

    const categoryRows = await tx
      .insert(categories)
      .values(CATEGORIES.map((name) => ({ name })))
      .returning();
    const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));

    let subjectCount = 0;
    let questionCount = 0;
    for (const course of ALL_COURSES) {
      const [courseRow] = await tx
        .insert(courses)
        .values({
          name: course.name,
          about: course.about,
          categoryId: categoryIds.get(course.category) ?? null,
          batchId: course.batch ? batchIdOf(course.batch) : null,
          photoPath: seedKeys.courseImage(course.slug),
          videoPath: course.hasDemoVideo ? seedKeys.demoVideo(DEMO_VIDEO_ASSET) : null,
          pricePaise: course.pricePaise,
          offerPricePaise: course.offerPricePaise,
          isPublished: true,
          createdAt: now,
        })
        .returning();
      for (const [termIndex, term] of course.terms.entries()) {
        const [termRow] = await tx
          .insert(terms)
          .values({
            courseId: courseRow!.id,
            name: term.name,
            about: term.about,
            photoPath: seedKeys.courseImage(course.slug),
            position: termIndex + 1,
          })
          .returning();
        const subjectRows = await tx
          .insert(subjects)
          .values(
            term.subjects.map((subject, i) => ({
              termId: termRow!.id,
              name: subject.name,
              about: subject.about,
              fileType: subject.file.type,
              fileRef: fileRefOf(subject.file),
              position: i + 1,
            })),
          )
          .returning();
        const questionRows = subjectRows.flatMap((row, i) =>
          term.subjects[i]!.questions.map((bank) => ({
            subjectId: row.id,
            question: bank.question,
            option1: bank.options[0]!,
            option2: bank.options[1]!,
            option3: bank.options[2] ?? null,
            option4: bank.options[3] ?? null,
            option5: bank.options[4] ?? null,
            correctOption: bank.correctOption,
            explanation: bank.explanation ?? null,
          })),
        );
        await tx.insert(questions).values(questionRows);
        subjectCount += subjectRows.length;
        questionCount += questionRows.length;
      }
    }

    await tx.insert(offerCodes).values([
      ...OFFER_CODES.map((offer) => ({ ...offer, createdAt: now })),
      {
        code: BATCH_OFFER_CODE.code,
        isFixedAmount: BATCH_OFFER_CODE.isFixedAmount,
        discountValue: BATCH_OFFER_CODE.discountValue,
        minimumAmountPaise: BATCH_OFFER_CODE.minimumAmountPaise,
        batchId: batchIdOf(BATCH_OFFER_CODE.batch),
        createdAt: now,
      },
    ]);
    await tx.insert(ads).values({ url: seedKeys.adBanner, isActive: true, createdAt: now });

    const [india] = await tx
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.isoCode, DEMO_LEARNER.countryIsoCode));
    const [syllabusOfDemo] = syllabusRows.filter((row) => row.name === DEMO_LEARNER.batch.syllabus);
    const account = (
      person: { firstName: string; lastName: string; email: string; mobile: string; referralCode: string },
      passwordHash: string,
    ) => ({
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      emailCanonical: canonicalEmail(person.email),
      mobile: person.mobile,
      referralCode: person.referralCode,
      passwordHash,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const [demo] = await tx
      .insert(users)
      .values({
        ...account(DEMO_LEARNER, demoHash),
        city: DEMO_LEARNER.city,
        state: DEMO_LEARNER.state,
        countryId: india?.id ?? null,
        syllabusId: syllabusOfDemo!.id,
        standardId: standardIds.get(`${DEMO_LEARNER.batch.syllabus}/${DEMO_LEARNER.batch.standard}`)!,
        isStandardPicked: true,
        // An adult: pays without a guardian's consent (issue 16).
        dateOfBirth: '1998-06-15',
      })
      .returning({ id: users.id });
    await tx.insert(users).values({ ...account(DEMO_ADMIN, adminHash), roles: [...DEMO_ADMIN.roles] });
    await tx
      .insert(users)
      .values(DEMO_REFERRED_LEARNERS.map((person) => ({ ...account(person, demoHash), referrerId: demo!.id })));

    await tx.insert(settings).values({
      key: DEMO_SEED_MARKER,
      value: { version: SEED_VERSION, seeded_at: now.toISOString() },
      updatedAt: now,
    });
    return {
      seeded: true,
      counts: {
        courses: ALL_COURSES.length,
        subjects: subjectCount,
        questions: questionCount,
        users: 2 + DEMO_REFERRED_LEARNERS.length,
        files: files.size,
      },
    };
  });
}
