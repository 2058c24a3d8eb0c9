import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import {
  ads,
  batches,
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
import {
  DEMO_ADMIN,
  DEMO_LEARNER,
  DEMO_REFERRED_LEARNERS,
  DEMO_SEED_MARKER,
  seedDatabase,
  type SeedServices,
} from './index.ts';

/** A fresh database: in-memory PGlite, or a new database on TEST_DATABASE_URL (dropped afterwards). */
async function freshDatabase(
  engine: 'pglite' | 'postgres',
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const database = await createDatabase({});
    return { database, drop: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `seed_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await createDatabase({ url: target.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Records what the seed stores; "hashes" passwords reversibly so the test can see which one each user got. */
function recordingServices() {
  const files = new Map<string, { body: Buffer; contentType: string }>();
  const services: SeedServices = {
    putFile: async (key, body, contentType) => {
      files.set(key, { body, contentType });
    },
    hashPassword: async (password) => `test-hash:${password}`,
  };
  return { files, services };
}

const engines = (['pglite', 'postgres'] as const).filter((e) => e === 'pglite' || process.env.TEST_DATABASE_URL);

describe.each(engines)('demo seed on %s', (engine) => {
  let database: Database;
  let drop: () => Promise<void>;
  const { files, services } = recordingServices();
  let firstResult: Awaited<ReturnType<typeof seedDatabase>>;

  /** What the seed did while a real user was in the database, before it was removed again. */
  let withUser: {
    result: Awaited<ReturnType<typeof seedDatabase>>;
    files: number;
    syllabuses: number;
    markers: number;
  };

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(engine));
    await migrateDatabase(database);
    // One migrated database serves both cases (migrating is the slow part): first with a user, then empty.
    const [user] = await database.db
      .insert(users)
      .values({
        firstName: 'Real',
        lastName: 'Person',
        email: 'real@example.com',
        emailCanonical: 'real@example.com',
        mobile: '9000000000',
        passwordHash: 'x',
        referralCode: 'REAL2345',
      })
      .returning({ id: users.id });
    const probe = recordingServices();
    withUser = {
      result: await seedDatabase(database.db, probe.services),
      files: probe.files.size,
      syllabuses: (await database.db.select().from(syllabuses)).length,
      markers: (await database.db.select().from(settings).where(eq(settings.key, DEMO_SEED_MARKER))).length,
    };
    await database.db.delete(users).where(eq(users.id, user!.id));
    firstResult = await seedDatabase(database.db, services);
  }, 60_000);

  it('leaves a database that already has users alone', () => {
    expect(withUser).toEqual({
      result: { seeded: false, reason: 'the database already has users' },
      files: 0,
      syllabuses: 0,
      markers: 0,
    });
  });
  afterAll(async () => drop?.());

  it('reports what it seeded', () => {
    expect(firstResult.seeded).toBe(true);
  });

  it('creates CBSE, ICSE and Kerala State, each with Standard 1 to 12 in order and a batch per standard', async () => {
    const db = database.db;
    const rows = await db.select().from(syllabuses).orderBy(asc(syllabuses.id));
    expect(rows.map((r) => r.name)).toEqual(['CBSE', 'ICSE', 'Kerala State']);
    for (const syllabus of rows) {
      const list = await db
        .select()
        .from(standards)
        .where(eq(standards.syllabusId, syllabus.id))
        .orderBy(asc(standards.position));
      expect(list.map((s) => s.name)).toEqual(Array.from({ length: 12 }, (_, i) => `Standard ${i + 1}`));
      const batchRows = await db.select().from(batches).where(eq(batches.syllabusId, syllabus.id));
      expect(batchRows).toHaveLength(12);
      const feeOf = (n: number) => batchRows.find((b) => b.standardId === list[n - 1]!.id)!.feePaise;
      expect(feeOf(10)).toBe(49_900);
      expect(feeOf(12)).toBe(49_900);
      expect(feeOf(1)).toBe(0);
    }
  });

  it('publishes at least six catalogue courses with stored WebP images, and a free and a full-price one among them', async () => {
    const list = await database.db
      .select()
      .from(courses)
      .where(sql`${courses.batchId} IS NULL`);
    expect(list.length).toBeGreaterThanOrEqual(6);
    for (const course of list) {
      expect(course.isPublished).toBe(true);
      expect(course.about.length).toBeGreaterThan(40);
      const image = files.get(course.photoPath!);
      expect(image?.contentType).toBe('image/webp');
      // RIFF....WEBP
      expect(image!.body.subarray(8, 12).toString()).toBe('WEBP');
      if (course.videoPath) expect(files.get(course.videoPath)?.body.subarray(4, 8).toString()).toBe('ftyp');
    }
    expect(list.some((c) => c.offerPricePaise === 0 && c.pricePaise > 0)).toBe(true);
    expect(list.some((c) => c.offerPricePaise === c.pricePaise && c.pricePaise > 0)).toBe(true);
    expect(list.some((c) => c.offerPricePaise < c.pricePaise && c.offerPricePaise > 0)).toBe(true);
    expect(list.some((c) => c.videoPath)).toBe(true);
  });

  it('gives a couple of batches their own subject courses', async () => {
    const rows = await database.db
      .select({ name: courses.name, batch: batches.name })
      .from(courses)
      .innerJoin(batches, eq(batches.id, courses.batchId));
    expect(new Set(rows.map((r) => r.batch))).toEqual(new Set(['CBSE Standard 10', 'Kerala State Standard 10']));
  });

  it('gives every course two or more terms whose chapters cover all four file types, each file stored or linked', async () => {
    const all = await database.db.select().from(courses);
    for (const course of all) {
      const termRows = await database.db.select().from(terms).where(eq(terms.courseId, course.id));
      expect(termRows.length, course.name).toBeGreaterThanOrEqual(2);
      const chapterRows = await database.db
        .select({ fileType: subjects.fileType, fileRef: subjects.fileRef })
        .from(subjects)
        .innerJoin(terms, eq(terms.id, subjects.termId))
        .where(eq(terms.courseId, course.id));
      expect(new Set(chapterRows.map((c) => c.fileType)), course.name).toEqual(
        new Set(['pdf', 'video', 'youtube', 'link']),
      );
      for (const chapter of chapterRows) {
        if (chapter.fileType === 'pdf') {
          const file = files.get(chapter.fileRef);
          expect(file?.contentType).toBe('application/pdf');
          const text = file!.body.toString('latin1');
          expect(text.startsWith('%PDF-')).toBe(true);
          expect(text.match(/\/Type \/Page\b/g)!.length).toBeGreaterThanOrEqual(2);
        } else if (chapter.fileType === 'video') {
          const file = files.get(chapter.fileRef);
          expect(file?.contentType).toBe('video/mp4');
          expect(file!.body.length).toBeLessThan(200 * 1024);
        } else if (chapter.fileType === 'youtube') {
          expect(chapter.fileRef).toMatch(/^https:\/\/www\.youtube\.com\/embed\/[\w-]{11}$/);
        } else {
          expect(chapter.fileRef).toMatch(/^https:\/\/[^/]+\.[a-z]+\//);
        }
      }
    }
  });

  it('gives every chapter a bank of 12+ questions with 2-5 distinct options and a correct option among them', async () => {
    const chapterRows = await database.db.select({ id: subjects.id, name: subjects.name }).from(subjects);
    const bank = await database.db.select().from(questions);
    const correctPositions = new Set<number>();
    for (const chapter of chapterRows) {
      const own = bank.filter((question) => question.subjectId === chapter.id);
      expect(own.length, chapter.name).toBeGreaterThanOrEqual(12);
      expect(new Set(own.map((question) => question.question)).size, chapter.name).toBe(own.length);
      for (const question of own) {
        const options = [
          question.option1,
          question.option2,
          question.option3,
          question.option4,
          question.option5,
        ].filter((o): o is string => o !== null);
        expect(options.length).toBeGreaterThanOrEqual(2);
        expect(new Set(options).size, question.question).toBe(options.length);
        expect(question.correctOption).toBeLessThanOrEqual(options.length);
        correctPositions.add(question.correctOption);
      }
    }
    // Answers are spread over the options, not always the first.
    expect(correctPositions.size).toBeGreaterThanOrEqual(4);
  });

  it("explains every answer of the free course's Geography of India quiz (what a result shows under each question)", async () => {
    const [chapter] = await database.db
      .select({ id: subjects.id })
      .from(subjects)
      .where(eq(subjects.name, 'Geography of India'));
    const bank = await database.db.select().from(questions).where(eq(questions.subjectId, chapter!.id));
    expect(bank.length).toBeGreaterThan(0);
    for (const question of bank) expect(question.explanation, question.question).toMatch(/\S{3,}/);
  });

  it('creates WELCOME10 (10%) and FLAT50 (₹50 off orders of ₹200 or more), and an active ad banner', async () => {
    const codes = await database.db.select().from(offerCodes);
    const byCode = new Map(codes.map((c) => [c.code, c]));
    expect(byCode.get('WELCOME10')).toMatchObject({
      isFixedAmount: false,
      discountValue: 1000,
      minimumAmountPaise: 0,
      isActive: true,
    });
    expect(byCode.get('FLAT50')).toMatchObject({
      isFixedAmount: true,
      discountValue: 5000,
      minimumAmountPaise: 20_000,
      isActive: true,
    });
    const [ad] = await database.db.select().from(ads).where(eq(ads.isActive, true));
    expect(files.get(ad!.url)?.contentType).toBe('image/webp');
  });

  it('creates the verified demo learner with a batch picked, the admin, and two pending sub-users of the demo learner', async () => {
    const all = await database.db.select().from(users);
    const demo = all.find((u) => u.email === DEMO_LEARNER.email)!;
    expect(demo).toMatchObject({
      referralCode: DEMO_LEARNER.referralCode,
      isStandardPicked: true,
      passwordHash: `test-hash:${DEMO_LEARNER.password}`,
    });
    expect(demo.emailVerifiedAt).toBeInstanceOf(Date);
    const [standard] = await database.db.select().from(standards).where(eq(standards.id, demo.standardId!));
    expect(standard!.name).toBe('Standard 10');
    expect(demo.referralCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);

    const admin = all.find((u) => u.email === DEMO_ADMIN.email)!;
    expect(admin.roles.sort()).toEqual(['admin', 'learner']);
    expect(admin.emailVerifiedAt).toBeInstanceOf(Date);
    expect(admin.passwordHash).toBe(`test-hash:${DEMO_ADMIN.password}`);

    const referred = all.filter((u) => u.referrerId === demo.id);
    expect(referred.map((u) => u.email).sort()).toEqual(DEMO_REFERRED_LEARNERS.map((p) => p.email).sort());
    expect(referred.every((u) => u.activatedAt === null)).toBe(true);
  });

  it('does nothing the second time', async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(questions);
    const again = await seedDatabase(database.db, recordingServices().services);
    expect(again).toEqual({ seeded: false, reason: 'demo data was seeded before' });
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(questions);
    expect(after).toEqual(before);
  });
});
