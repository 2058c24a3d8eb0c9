import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
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

type SubUserStatus = 'pending' | 'active' | undefined;

function whereSubUsers(referrerId: number, status: SubUserStatus): SQL | undefined {
  return and(
    eq(users.referrerId, referrerId),
    status === 'active' ? isNotNull(users.activatedAt) : status === 'pending' ? isNull(users.activatedAt) : undefined,
  );
}

/**
 * Direct sub-users, newest first. The page is picked first, from users_referrer_idx alone
 * (referrer, created_at, id, activated_at: an index-only scan, so a deep page skips its offset
 * without reading rows), then only its rows are read, each with its own sub-user count (kept on
 * users by triggers).
 */
async function selectSubUsers(db: DbOrTx, where: SQL | undefined, limit: number, offset: number): Promise<SubUser[]> {
  const page = db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      referralCode: users.referralCode,
      activatedAt: users.activatedAt,
      createdAt: users.createdAt,
      subUsersCount: users.subUsersCount,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .orderBy(desc(page.createdAt), desc(page.id));
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    referral_code: row.referralCode,
    status: row.activatedAt ? 'active' : 'pending',
    joined: row.createdAt.toISOString(),
    sub_users_count: row.subUsersCount,
  }));
}

/** How many direct sub-users the user has with `status`, from the counts kept on their own row. */
async function countSubUsers(db: DbOrTx, userId: number, status: SubUserStatus): Promise<number> {
  const [counts] = await db
    .select({ all: users.subUsersCount, active: users.activeSubUsersCount })
    .from(users)
    .where(eq(users.id, userId));
  if (!counts) return 0;
  return status === 'active' ? counts.active : status === 'pending' ? counts.all - counts.active : counts.all;
}

/** GET /tree: a page of the user's direct sub-users. */
export async function listSubUsers(
  db: DbOrTx,
  options: { userId: number; page: number; perPage: number; status?: SubUserStatus },
): Promise<SubUserPage> {
  const { userId, page, perPage, status } = options;
  const [total, data] = await Promise.all([
    countSubUsers(db, userId, status),
    selectSubUsers(db, whereSubUsers(userId, status), perPage, (page - 1) * perPage),
  ]);
  return { data, current_page: page, per_page: perPage, total, last_page: lastPage(total, perPage) };
}

/** GET /recent/tree */
export function recentSubUsers(db: DbOrTx, userId: number): Promise<SubUser[]> {
  return selectSubUsers(db, whereSubUsers(userId, undefined), RECENT_SUB_USERS, 0);
}
