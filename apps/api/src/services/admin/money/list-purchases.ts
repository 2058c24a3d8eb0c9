import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { purchases, users } from '@app/db';
import type { AdminPurchase, Page } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { containsPattern, pageOf } from '../page-of.ts';
import { selectPurchases, toAdminPurchase } from './select-purchases.ts';

/** Who `user=` names: a user id, or part of an email or name, or a referral code. */
export function userFilter(user: string | undefined): SQL | undefined {
  if (!user) return undefined;
  if (/^\d{1,9}$/.test(user)) return eq(users.id, Number(user));
  const pattern = containsPattern(user);
  return or(
    ilike(users.email, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    eq(users.referralCode, user.toUpperCase()),
  );
}

/** GET /admin/purchases: newest first, with their payment status. */
export async function listPurchases(
  ctx: AppContext,
  options: { status?: string | undefined; user?: string | undefined; page: number; perPage: number },
): Promise<Page<AdminPurchase>> {
  const where = and(options.status ? eq(purchases.status, options.status) : undefined, userFilter(options.user));
  const [[total], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(purchases).innerJoin(users, eq(users.id, purchases.userId)).where(where),
    selectPurchases(ctx.db, where)
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
  ]);
  return pageOf(rows.map(toAdminPurchase), total?.n ?? 0, options);
}
