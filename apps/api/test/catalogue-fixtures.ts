import { randomBytes } from 'node:crypto';
import {
  ads,
  batches,
  categories,
  courses,
  offerCodes,
  purchases,
  questions,
  standards,
  subjects,
  syllabuses,
  terms,
  users,
} from '@app/db';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';

const tag = () => randomBytes(3).toString('hex');

export async function createCategory(app: App, name = `Category ${tag()}`) {
  const [row] = await app.ctx.db.insert(categories).values({ name }).returning();
  return row!;
}

export interface SubjectSpec {
  name?: string;
  fileType?: 'pdf' | 'youtube' | 'video' | 'link';
  /** Storage key (pdf, video) or URL (youtube, link). */
  fileRef?: string;
  /** Stored under fileRef when given (pdf, video). */
  file?: Buffer;
  questions?: number;
}

export interface CourseSpec {
  name?: string;
  categoryId?: number | null;
  batchId?: number | null;
  isPublished?: boolean;
  pricePaise?: number;
  offerPricePaise?: number;
  photoPath?: string | null;
  videoPath?: string | null;
  language?: 'en' | 'hi' | 'ml';
  terms?: { name?: string; subjects?: SubjectSpec[] }[];
}

export interface CreatedCourse {
  id: number;
  terms: { id: number; subjects: { id: number; fileType: string; fileRef: string }[] }[];
}

/** A course with its terms, subjects (files put in storage) and question banks, written directly. */
export async function createCourse(app: App, spec: CourseSpec = {}): Promise<CreatedCourse> {
  const { db } = app.ctx;
  const price = spec.pricePaise ?? 99_900;
  const [course] = await db
    .insert(courses)
    .values({
      name: spec.name ?? `Course ${tag()}`,
      about: 'About this course',
      categoryId: spec.categoryId ?? null,
      batchId: spec.batchId ?? null,
      isPublished: spec.isPublished ?? true,
      pricePaise: price,
      offerPricePaise: spec.offerPricePaise ?? price,
      photoPath: spec.photoPath === undefined ? 'courses/photo.png' : spec.photoPath,
      videoPath: spec.videoPath ?? null,
      language: spec.language ?? 'en',
    })
    .returning({ id: courses.id });
  const created: CreatedCourse = { id: course!.id, terms: [] };
  const termSpecs = spec.terms ?? [{ subjects: [{ fileType: 'youtube' }] }];
  for (const [ti, termSpec] of termSpecs.entries()) {
    const [term] = await db
      .insert(terms)
      .values({ courseId: course!.id, name: termSpec.name ?? `Term ${ti + 1}`, position: ti })
      .returning({ id: terms.id });
    const createdTerm = { id: term!.id, subjects: [] as CreatedCourse['terms'][number]['subjects'] };
    for (const [si, subjectSpec] of (termSpec.subjects ?? []).entries()) {
      const fileType = subjectSpec.fileType ?? 'youtube';
      const fileRef =
        subjectSpec.fileRef ??
        (fileType === 'youtube'
          ? 'https://www.youtube.com/embed/dQw4w9WgXcQ'
          : fileType === 'link'
            ? 'https://example.com/reading'
            : `private/subjects/${tag()}.${fileType === 'pdf' ? 'pdf' : 'mp4'}`);
      if (subjectSpec.file) await app.ctx.storage.put(fileRef, subjectSpec.file, 'application/octet-stream');
      const [subject] = await db
        .insert(subjects)
        .values({
          termId: term!.id,
          name: subjectSpec.name ?? `Subject ${ti + 1}.${si + 1}`,
          fileType,
          fileRef,
          position: si,
        })
        .returning({ id: subjects.id });
      for (let q = 0; q < (subjectSpec.questions ?? 0); q++) {
        await db
          .insert(questions)
          .values({ subjectId: subject!.id, question: `Q${q + 1}?`, option1: 'A', option2: 'B', correctOption: 1 });
      }
      createdTerm.subjects.push({ id: subject!.id, fileType, fileRef });
    }
    created.terms.push(createdTerm);
  }
  return created;
}

export interface OfferCodeSpec {
  code?: string;
  isFixedAmount?: boolean;
  /** Paise when fixed, basis points when a percentage. */
  discountValue?: number;
  minimumAmountPaise?: number;
  validFrom?: Date | null;
  validUntil?: Date | null;
  maxUses?: number | null;
  maxUsesPerUser?: number | null;
  batchId?: number | null;
  isActive?: boolean;
}

export async function createOfferCode(app: App, spec: OfferCodeSpec = {}) {
  const [row] = await app.ctx.db
    .insert(offerCodes)
    .values({
      code: spec.code ?? `CODE${tag().toUpperCase()}`,
      isFixedAmount: spec.isFixedAmount ?? false,
      discountValue: spec.discountValue ?? 1_000,
      minimumAmountPaise: spec.minimumAmountPaise ?? 0,
      validFrom: spec.validFrom ?? null,
      validUntil: spec.validUntil ?? null,
      maxUses: spec.maxUses ?? null,
      maxUsesPerUser: spec.maxUsesPerUser ?? null,
      batchId: spec.batchId ?? null,
      isActive: spec.isActive ?? true,
    })
    .returning();
  return row!;
}

/** A syllabus + standard pair with its batch; `learnerId` is placed in it. */
export async function createBatch(app: App, options: { feePaise?: number; learnerId?: number } = {}) {
  const { db } = app.ctx;
  const [syllabus] = await db
    .insert(syllabuses)
    .values({ name: `Syllabus ${tag()}` })
    .returning();
  const [standard] = await db
    .insert(standards)
    .values({ syllabusId: syllabus!.id, name: `Standard ${tag()}` })
    .returning();
  const [batch] = await db
    .insert(batches)
    .values({
      syllabusId: syllabus!.id,
      standardId: standard!.id,
      name: `Batch ${tag()}`,
      feePaise: options.feePaise ?? 0,
    })
    .returning();
  if (options.learnerId) {
    await db
      .update(users)
      .set({ syllabusId: syllabus!.id, standardId: standard!.id, isStandardPicked: true })
      .where(eq(users.id, options.learnerId));
  }
  return batch!;
}

/** A paid purchase written directly: for tests about what buyers see, not about buying. */
export async function createPaidPurchase(
  app: App,
  options: { userId: number; courseId?: number; batchId?: number; amountPaise?: number },
) {
  const amount = options.amountPaise ?? 0;
  const [row] = await app.ctx.db
    .insert(purchases)
    .values({
      userId: options.userId,
      courseId: options.courseId ?? null,
      batchId: options.batchId ?? null,
      pricePaise: amount,
      amountPaise: amount,
      status: 'paid',
      provider: 'free',
      paidAt: new Date(),
    })
    .returning();
  return row!;
}

export async function createAd(app: App, url: string, options: { isActive?: boolean; createdAt?: Date } = {}) {
  const [row] = await app.ctx.db
    .insert(ads)
    .values({ url, isActive: options.isActive ?? true, createdAt: options.createdAt ?? new Date() })
    .returning();
  return row!;
}

export async function purchasesOf(app: App, userId: number) {
  return app.ctx.db.select().from(purchases).where(eq(purchases.userId, userId));
}
