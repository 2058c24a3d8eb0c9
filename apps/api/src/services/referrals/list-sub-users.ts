import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { users, type DbOrTx } from '@app/db';
import { lastPage, type SubUser, type SubUserPage } from '@app/contracts';

/*
 * The referral network is a tree: users.referrer_id is written once, at registration, to a user
 * who already exists, and nothing updates it afterwards (PUT /profile does not touch it; a CHECK
 * forbids being one's own referrer). A new row can only point at an older one, so no cycle can
 * form, and "direct sub-users" is simply referrer_id = me.
 */

/** Recent sub-users shown by GET /recent/tree. */
export const RECENT_SUB_USERS = 10;

function whereSubUsers(referrerId: number, status: 'pending' | 'active' | undefined): SQL | undefined {
  return and(
    eq(users.referrerId, referrerId),
    status === 'active' ? isNotNull(users.activatedAt) : status === 'pending' ? isNull(users.activatedAt) : undefined,
  );
}

/**
 * Direct sub-users, newest first, each with their own sub-user count: one query on the
 * (referrer_id, created_at) index with a correlated count that uses the same index.
 */
async function selectSubUsers(db: DbOrTx, where: SQL | undefined, limit: number, offset: number): Promise<SubUser[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      referralCode: users.referralCode,
      activatedAt: users.activatedAt,
      createdAt: users.createdAt,
      // Drizzle leaves columns of a one-table select unqualified, so the outer id is spelled out.
      subUsersCount: sql<number>`(select count(*) from ${users} as sub where sub.referrer_id = "users"."id")`.mapWith(Number),
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    referral_code: row.referralCode,
    status: row.activatedAt ? 'active' : 'pending',
    joined: row.createdAt.toISOString(),
    sub_users_count: row.subUsersCount,
  }));
}

/** GET /tree: a page of the user's direct sub-users. */
export async function listSubUsers(
  db: DbOrTx,
  options: { userId: number; page: number; perPage: number; status?: 'pending' | 'active' | undefined },
): Promise<SubUserPage> {
  const { userId, page, perPage, status } = options;
  const where = whereSubUsers(userId, status);
  const [[total], data] = await Promise.all([
    db.select({ n: count() }).from(users).where(where),
    selectSubUsers(db, where, perPage, (page - 1) * perPage),
  ]);
  const totalRows = total?.n ?? 0;
  return { data, current_page: page, per_page: perPage, total: totalRows, last_page: lastPage(totalRows, perPage) };
}

/** GET /recent/tree */
export function recentSubUsers(db: DbOrTx, userId: number): Promise<SubUser[]> {
  return selectSubUsers(db, whereSubUsers(userId, undefined), RECENT_SUB_USERS, 0);
}
