import { asc } from 'drizzle-orm';
import { categories } from '@app/db';
import type { CategoryItem } from '@app/contracts';
import type { AppContext } from '../../context.ts';

/** GET /category: every category, by name. */
export async function listCategories(ctx: AppContext): Promise<CategoryItem[]> {
  return ctx.db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.name), asc(categories.id));
}
