import { asc, eq, sql } from 'drizzle-orm';
import { categories, type DbOrTx } from '@app/db';
import { adminMessages, type AdminCategory } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { isUniqueViolation } from '../../../lib/postgres-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { refuseIfReferenced } from '../refuse-if-referenced.ts';

// Drizzle leaves columns of a one-table select unqualified, so the outer id is spelled out.
const coursesCount = sql<number>`(select count(*) from courses c where c.category_id = "categories"."id")`.mapWith(
  Number,
);

async function selectCategories(db: DbOrTx, id?: number): Promise<AdminCategory[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, coursesCount })
    .from(categories)
    .where(id === undefined ? undefined : eq(categories.id, id))
    .orderBy(asc(categories.name), asc(categories.id));
  return rows.map((r) => ({ id: r.id, name: r.name, courses_count: r.coursesCount }));
}

async function findCategory(db: DbOrTx, id: number): Promise<AdminCategory> {
  const [row] = await selectCategories(db, id);
  if (!row) throw AppError.notFound(adminMessages.categoryNotFound);
  return row;
}

export function listCategories(ctx: AppContext): Promise<AdminCategory[]> {
  return selectCategories(ctx.db);
}

/** Names are unique; a taken name is a 422 on `name`. */
async function uniqueName<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.field('name', adminMessages.nameTaken);
    throw error;
  }
}

export function createCategory(ctx: AppContext, options: { actorId: number; name: string }): Promise<AdminCategory> {
  return uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(categories).values({ name: options.name }).returning({ id: categories.id });
      const after = await findCategory(tx, row!.id);
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'category.create',
        entity: 'categories',
        entityId: row!.id,
        after,
      });
      return after;
    }),
  );
}

export function updateCategory(
  ctx: AppContext,
  options: { actorId: number; id: number; name: string },
): Promise<AdminCategory> {
  return uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const before = await findCategory(tx, options.id);
      await tx.update(categories).set({ name: options.name }).where(eq(categories.id, options.id));
      const after = await findCategory(tx, options.id);
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'category.update',
        entity: 'categories',
        entityId: options.id,
        before,
        after,
      });
      return after;
    }),
  );
}

/** Only an empty category can go: its courses would lose their place in the catalogue. */
export function deleteCategory(ctx: AppContext, options: { actorId: number; id: number }): Promise<void> {
  return refuseIfReferenced(adminMessages.categoryInUse, () =>
    ctx.db.transaction(async (tx) => {
      const before = await findCategory(tx, options.id);
      if (before.courses_count > 0) throw AppError.badRequest(adminMessages.categoryInUse);
      await tx.delete(categories).where(eq(categories.id, options.id));
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'category.delete',
        entity: 'categories',
        entityId: options.id,
        before,
      });
    }),
  );
}
