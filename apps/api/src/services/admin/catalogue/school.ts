import { and, asc, eq, sql } from 'drizzle-orm';
import { batches, standards, syllabuses, type DbOrTx } from '@app/db';
import {
  adminMessages,
  paiseToRupees,
  rupeesToPaise,
  type AdminBatch,
  type AdminStandard,
  type AdminSyllabus,
} from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { isUniqueViolation } from '../../../lib/postgres-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { refuseIfReferenced } from '../refuse-if-referenced.ts';

/*
 * The school side of the catalogue: syllabuses, their standards, and batches (a syllabus +
 * standard pair with an optional fee). Deleting one that learners, courses, purchases or offer
 * codes still point at is refused (400); deleting a syllabus takes its unused standards and batches.
 */

// Syllabuses ------------------------------------------------------------------------------------

const selectSyllabuses = (db: DbOrTx) =>
  db
    .select({
      id: syllabuses.id,
      name: syllabuses.name,
      // Spelled out: Drizzle leaves the columns of a one-table select unqualified.
      standardsCount: sql<number>`(select count(*) from standards s where s.syllabus_id = "syllabuses"."id")`.mapWith(
        Number,
      ),
    })
    .from(syllabuses);

const toAdminSyllabus = (r: { id: number; name: string; standardsCount: number }): AdminSyllabus => ({
  id: r.id,
  name: r.name,
  standards_count: r.standardsCount,
});

async function findSyllabus(db: DbOrTx, id: number): Promise<AdminSyllabus> {
  const [row] = await selectSyllabuses(db).where(eq(syllabuses.id, id));
  if (!row) throw AppError.notFound(adminMessages.syllabusNotFound);
  return toAdminSyllabus(row);
}

async function uniqueName<T>(
  run: () => Promise<T>,
  field = 'name',
  message: string = adminMessages.nameTaken,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.field(field, message);
    throw error;
  }
}

export async function listSyllabuses(ctx: AppContext): Promise<AdminSyllabus[]> {
  return (await selectSyllabuses(ctx.db).orderBy(asc(syllabuses.name))).map(toAdminSyllabus);
}

export function createSyllabus(ctx: AppContext, options: { actorId: number; name: string }): Promise<AdminSyllabus> {
  return uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(syllabuses).values({ name: options.name }).returning({ id: syllabuses.id });
      const after = await findSyllabus(tx, row!.id);
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'syllabus.create',
        entity: 'syllabuses',
        entityId: row!.id,
        after,
      });
      return after;
    }),
  );
}

export function updateSyllabus(
  ctx: AppContext,
  options: { actorId: number; id: number; name: string },
): Promise<AdminSyllabus> {
  return uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const before = await findSyllabus(tx, options.id);
      await tx.update(syllabuses).set({ name: options.name }).where(eq(syllabuses.id, options.id));
      const after = await findSyllabus(tx, options.id);
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'syllabus.update',
        entity: 'syllabuses',
        entityId: options.id,
        before,
        after,
      });
      return after;
    }),
  );
}

export function deleteSyllabus(ctx: AppContext, options: { actorId: number; id: number }): Promise<void> {
  return refuseIfReferenced(adminMessages.inUse, () =>
    ctx.db.transaction(async (tx) => {
      const before = await findSyllabus(tx, options.id);
      await tx.delete(syllabuses).where(eq(syllabuses.id, options.id));
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'syllabus.delete',
        entity: 'syllabuses',
        entityId: options.id,
        before,
      });
    }),
  );
}

// Standards -------------------------------------------------------------------------------------

type StandardRow = typeof standards.$inferSelect;
const toAdminStandard = (r: StandardRow): AdminStandard => ({
  id: r.id,
  syllabus_id: r.syllabusId,
  name: r.name,
  position: r.position,
});

async function findStandard(db: DbOrTx, id: number): Promise<StandardRow> {
  const [row] = await db.select().from(standards).where(eq(standards.id, id));
  if (!row) throw AppError.notFound(adminMessages.standardNotFound);
  return row;
}

export async function listStandards(
  ctx: AppContext,
  options: { syllabusId?: number | undefined },
): Promise<AdminStandard[]> {
  const rows = await ctx.db
    .select()
    .from(standards)
    .where(options.syllabusId === undefined ? undefined : eq(standards.syllabusId, options.syllabusId))
    .orderBy(asc(standards.syllabusId), asc(standards.position), asc(standards.id));
  return rows.map(toAdminStandard);
}

export function createStandard(
  ctx: AppContext,
  options: { actorId: number; input: { syllabus_id: number; name: string; position?: number | undefined } },
): Promise<AdminStandard> {
  const { input } = options;
  return ctx.db.transaction(async (tx) => {
    const [syllabus] = await tx
      .select({ id: syllabuses.id })
      .from(syllabuses)
      .where(eq(syllabuses.id, input.syllabus_id));
    if (!syllabus) throw AppError.field('syllabus_id', adminMessages.syllabusNotFound);
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${standards.position}), -1)`.mapWith(Number) })
      .from(standards)
      .where(eq(standards.syllabusId, input.syllabus_id));
    const [row] = await tx
      .insert(standards)
      .values({
        syllabusId: input.syllabus_id,
        name: input.name,
        position: input.position ?? (last?.max ?? -1) + 1,
      })
      .returning();
    const after = toAdminStandard(row!);
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'standard.create',
      entity: 'standards',
      entityId: row!.id,
      after,
    });
    return after;
  });
}

export function updateStandard(
  ctx: AppContext,
  options: { actorId: number; id: number; patch: { name?: string | undefined; position?: number | undefined } },
): Promise<AdminStandard> {
  const { patch } = options;
  return ctx.db.transaction(async (tx) => {
    const before = toAdminStandard(await findStandard(tx, options.id));
    const set = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.position !== undefined ? { position: patch.position } : {}),
    };
    if (Object.keys(set).length > 0) await tx.update(standards).set(set).where(eq(standards.id, options.id));
    const after = toAdminStandard(await findStandard(tx, options.id));
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'standard.update',
      entity: 'standards',
      entityId: options.id,
      before,
      after,
    });
    return after;
  });
}

export function deleteStandard(ctx: AppContext, options: { actorId: number; id: number }): Promise<void> {
  return refuseIfReferenced(adminMessages.inUse, () =>
    ctx.db.transaction(async (tx) => {
      const before = toAdminStandard(await findStandard(tx, options.id));
      await tx.delete(standards).where(eq(standards.id, options.id));
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'standard.delete',
        entity: 'standards',
        entityId: options.id,
        before,
      });
    }),
  );
}

// Batches ---------------------------------------------------------------------------------------

const selectBatches = (db: DbOrTx) =>
  db
    .select({
      id: batches.id,
      syllabusId: batches.syllabusId,
      syllabusName: syllabuses.name,
      standardId: batches.standardId,
      standardName: standards.name,
      name: batches.name,
      feePaise: batches.feePaise,
      coursesCount: sql<number>`(select count(*) from courses c where c.batch_id = ${batches.id})`.mapWith(Number),
    })
    .from(batches)
    .innerJoin(syllabuses, eq(syllabuses.id, batches.syllabusId))
    .innerJoin(standards, eq(standards.id, batches.standardId));
type BatchRow = Awaited<ReturnType<typeof selectBatches>>[number];

const toAdminBatch = (r: BatchRow): AdminBatch => ({
  id: r.id,
  syllabus_id: r.syllabusId,
  syllabus_name: r.syllabusName,
  standard_id: r.standardId,
  standard_name: r.standardName,
  name: r.name,
  fee: paiseToRupees(r.feePaise),
  courses_count: r.coursesCount,
});

async function findBatch(db: DbOrTx, id: number): Promise<AdminBatch> {
  const [row] = await selectBatches(db).where(eq(batches.id, id));
  if (!row) throw AppError.notFound(adminMessages.batchNotFound);
  return toAdminBatch(row);
}

export async function listBatches(ctx: AppContext): Promise<AdminBatch[]> {
  return (await selectBatches(ctx.db).orderBy(asc(syllabuses.name), asc(standards.position), asc(batches.id))).map(
    toAdminBatch,
  );
}

/** The standard must exist and belong to the syllabus. */
async function checkPair(db: DbOrTx, syllabusId: number, standardId: number): Promise<void> {
  const [standard] = await db
    .select({ syllabusId: standards.syllabusId })
    .from(standards)
    .where(eq(standards.id, standardId));
  if (!standard) throw AppError.field('standard_id', adminMessages.standardNotFound);
  if (standard.syllabusId !== syllabusId) throw AppError.field('standard_id', adminMessages.standardNotOfSyllabus);
}

interface BatchPatch {
  syllabus_id?: number | undefined;
  standard_id?: number | undefined;
  name?: string | undefined;
  fee?: number | undefined;
}

export function createBatch(
  ctx: AppContext,
  options: { actorId: number; input: BatchPatch & { syllabus_id: number; standard_id: number; name: string } },
): Promise<AdminBatch> {
  const { input } = options;
  return uniqueName(
    () =>
      ctx.db.transaction(async (tx) => {
        await checkPair(tx, input.syllabus_id, input.standard_id);
        const [row] = await tx
          .insert(batches)
          .values({
            syllabusId: input.syllabus_id,
            standardId: input.standard_id,
            name: input.name,
            feePaise: rupeesToPaise(input.fee ?? 0),
          })
          .returning({ id: batches.id });
        const after = await findBatch(tx, row!.id);
        await recordAudit(tx, ctx, {
          actorId: options.actorId,
          action: 'batch.create',
          entity: 'batches',
          entityId: row!.id,
          after,
        });
        return after;
      }),
    'standard_id',
    adminMessages.batchExists,
  );
}

/** PUT /admin/batches/{id}: a new fee applies to checkouts started from then on. */
export function updateBatch(
  ctx: AppContext,
  options: { actorId: number; id: number; patch: BatchPatch },
): Promise<AdminBatch> {
  const { patch } = options;
  return uniqueName(
    () =>
      ctx.db.transaction(async (tx) => {
        const before = await findBatch(tx, options.id);
        const syllabusId = patch.syllabus_id ?? before.syllabus_id;
        const standardId = patch.standard_id ?? before.standard_id;
        if (patch.syllabus_id !== undefined || patch.standard_id !== undefined)
          await checkPair(tx, syllabusId, standardId);
        await tx
          .update(batches)
          .set({
            syllabusId,
            standardId,
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.fee !== undefined ? { feePaise: rupeesToPaise(patch.fee) } : {}),
          })
          .where(and(eq(batches.id, options.id)));
        const after = await findBatch(tx, options.id);
        await recordAudit(tx, ctx, {
          actorId: options.actorId,
          action: 'batch.update',
          entity: 'batches',
          entityId: options.id,
          before,
          after,
        });
        return after;
      }),
    'standard_id',
    adminMessages.batchExists,
  );
}

export function deleteBatch(ctx: AppContext, options: { actorId: number; id: number }): Promise<void> {
  return refuseIfReferenced(adminMessages.inUse, () =>
    ctx.db.transaction(async (tx) => {
      const before = await findBatch(tx, options.id);
      await tx.delete(batches).where(eq(batches.id, options.id));
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'batch.delete',
        entity: 'batches',
        entityId: options.id,
        before,
      });
    }),
  );
}
