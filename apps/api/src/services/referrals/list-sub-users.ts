import { and, desc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { users, type DbOrTx } from '@app/db';
import {
  adminMessages,
  ineligibleReasonSentence,
  lastPage,
  type SubUser,
  type SubUserPage,
  type SubUserStatus,
} from '@app/contracts';
import { maskEmail } from '../../lib/mask-contact.ts';

/*
 * The referral network is a tree: users.referrer_id is written once, at registration, to a user
 * who already exists, and nothing updates it afterwards (PUT /profile does not touch it; a CHECK
 * forbids being one's own referrer). A new row can only point at an older one, so no cycle can
 * form, and "direct sub-users" is simply referrer_id = me.
 *
 * A sub-user whose sign-up was rejected (a self-referral, or an operator's review) is shown as
 * 'ineligible', never as pending or active: they earn the referrer nothing.
 */

/** Recent sub-users shown by GET /recent/tree. */
export const RECENT_SUB_USERS = 10;

const isRejected = eq(users.referralStatus, 'rejected');

/**
 * `eligibleOnly` leaves the rejected sign-ups out of a pending or active page; it costs a row read
 * for each sub-user the page skips, so it is asked for only when the referrer has any.
 */
function whereSubUsers(referrerId: number, status: SubUserStatus | undefined, eligibleOnly = false): SQL | undefined {
  const mine = eq(users.referrerId, referrerId);
  if (status === 'ineligible') return and(mine, isRejected);
  const activation =
    status === 'active' ? isNotNull(users.activatedAt) : status === 'pending' ? isNull(users.activatedAt) : undefined;
  return and(mine, activation, eligibleOnly ? ne(users.referralStatus, 'rejected') : undefined);
}

function subUserStatus(row: { activatedAt: Date | null; referralStatus: string }): SubUserStatus {
  if (row.referralStatus === 'rejected') return 'ineligible';
  return row.activatedAt ? 'active' : 'pending';
}

/**
 * Direct sub-users, newest first. The page is picked first, from users_referrer_idx alone
 * (referrer, created_at, id, activated_at: an index-only scan, so a deep page skips its offset
 * without reading rows) unless `where` filters on the sign-up's review status, then only its rows
 * are read, each with its own sub-user count (kept on users by triggers).
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
      email: users.email,
      activatedAt: users.activatedAt,
      referralStatus: users.referralStatus,
      referralStatusReason: users.referralStatusReason,
      createdAt: users.createdAt,
      subUsersCount: users.subUsersCount,
      erasedAt: users.erasedAt,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .orderBy(desc(page.createdAt), desc(page.id));
  return rows.map((row) => {
    const status = subUserStatus(row);
    const isErased = row.erasedAt !== null;
    return {
      id: row.id,
      name: isErased ? adminMessages.deletedLearner : `${row.firstName} ${row.lastName}`,
      referral_code: row.referralCode,
      email: isErased ? '' : maskEmail(row.email),
      status,
      reason: status === 'ineligible' ? ineligibleReasonSentence(row.referralStatusReason) : null,
      joined: row.createdAt.toISOString(),
      sub_users_count: row.subUsersCount,
      is_erased: isErased,
    };
  });
}

/** All direct sub-users and the active ones, from the counts kept on the user's own row. */
async function countSubUsers(db: DbOrTx, userId: number): Promise<{ all: number; active: number }> {
  const [counts] = await db
    .select({ all: users.subUsersCount, active: users.activeSubUsersCount })
    .from(users)
    .where(eq(users.id, userId));
  return counts ?? { all: 0, active: 0 };
}

/**
 * The user's rejected sub-users, active and pending. The kept counts include them; they are rare
 * (usually none), but no index has the review status, so this reads each direct sub-user's row.
 */
async function countIneligible(db: DbOrTx, userId: number): Promise<{ active: number; pending: number }> {
  const [counts] = await db
    .select({
      active: sql<number>`count(*) filter (where ${users.activatedAt} is not null)`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${users.activatedAt} is null)`.mapWith(Number),
    })
    .from(users)
    .where(and(eq(users.referrerId, userId), isRejected));
  return counts ?? { active: 0, pending: 0 };
}

/** GET /tree: a page of the user's direct sub-users. */
export async function listSubUsers(
  db: DbOrTx,
  options: { userId: number; page: number; perPage: number; status?: SubUserStatus | undefined },
): Promise<SubUserPage> {
  const { userId, page, perPage, status } = options;
  const offset = (page - 1) * perPage;
  const pageOf = (total: number, data: SubUser[]): SubUserPage => ({
    data,
    current_page: page,
    per_page: perPage,
    total,
    last_page: lastPage(total, perPage),
  });

  if (status === undefined) {
    const [counts, data] = await Promise.all([
      countSubUsers(db, userId),
      selectSubUsers(db, whereSubUsers(userId, undefined), perPage, offset),
    ]);
    return pageOf(counts.all, data);
  }
  if (status === 'ineligible') {
    const [ineligible, data] = await Promise.all([
      countIneligible(db, userId),
      selectSubUsers(db, whereSubUsers(userId, status), perPage, offset),
    ]);
    return pageOf(ineligible.active + ineligible.pending, data);
  }
  // Pending or active: the index-only page is right whenever the user has no rejected sub-user of
  // that status (nearly always), so it is read alongside the counts and used unless there are some.
  const [counts, ineligible, indexOnlyPage] = await Promise.all([
    countSubUsers(db, userId),
    countIneligible(db, userId),
    selectSubUsers(db, whereSubUsers(userId, status), perPage, offset),
  ]);
  const total = (status === 'active' ? counts.active : counts.all - counts.active) - ineligible[status];
  const data =
    ineligible[status] === 0
      ? indexOnlyPage
      : await selectSubUsers(db, whereSubUsers(userId, status, true), perPage, offset);
  return pageOf(total, data);
}

/** GET /recent/tree */
export function recentSubUsers(db: DbOrTx, userId: number): Promise<SubUser[]> {
  return selectSubUsers(db, whereSubUsers(userId, undefined), RECENT_SUB_USERS, 0);
}
