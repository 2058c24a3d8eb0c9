import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { purchases, standards, syllabuses, users, type DbOrTx } from '@app/db';
import {
  adminMessages,
  paiseToRupees,
  type AdminUserDetail,
  type AdminUserRow,
  type Page,
  type Role,
} from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { getLevelStatus } from '../../levels/index.ts';
import { heldCreditsOf } from '../../wallet/index.ts';
import { selectPurchases, toAdminPurchase } from '../money/select-purchases.ts';
import { containsPattern, pageOf } from '../page-of.ts';
import { consentOfUser } from './consent-of-user.ts';

type UserRow = typeof users.$inferSelect;
type ReferralStatus = AdminUserRow['referral_status'];

function toUserRow(row: UserRow): AdminUserRow {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    mobile: row.mobile,
    referral_code: row.referralCode,
    roles: row.roles,
    is_verified: row.emailVerifiedAt !== null,
    is_active: row.activatedAt !== null,
    referral_status: row.referralStatus as ReferralStatus,
    created_at: row.createdAt.toISOString(),
  };
}

/** q matches part of the name or email, the start of the mobile, or a referral code exactly. */
function searchFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const allDigits = q.replace(/\D/g, '');
  // +91 98765 43210 is the mobile 9876543210.
  const digits = allDigits.length === 12 && allDigits.startsWith('91') ? allDigits.slice(2) : allDigits;
  return or(
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(users.email, pattern),
    digits.length >= 3 && allDigits === q.replace(/[\s+-]/g, '') ? ilike(users.mobile, `%${digits}%`) : undefined,
    eq(users.referralCode, q.toUpperCase()),
  );
}

/** GET /admin/users?q=: newest first. */
export async function searchUsers(
  ctx: AppContext,
  options: { q?: string | undefined; page: number; perPage: number },
): Promise<Page<AdminUserRow>> {
  const where = searchFilter(options.q);
  const [[total], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(users).where(where),
    ctx.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
  ]);
  return pageOf(rows.map(toUserRow), total?.n ?? 0, options);
}

export async function findUserRow(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}): Promise<UserRow> {
  const query = db.select().from(users).where(eq(users.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw AppError.notFound(adminMessages.userNotFound);
  return row;
}

/** GET /admin/users/{id}: profile, roles, referrer, purchases, level, sub-users, wallet, date of birth and consent. */
export async function getUserDetail(ctx: AppContext, id: number): Promise<AdminUserDetail> {
  const user = await findUserRow(ctx.db, id);
  const [referrer, school, purchaseRows, [subUsers], level, consent, eraser, held] = await Promise.all([
    user.referrerId
      ? ctx.db
          .select()
          .from(users)
          .where(eq(users.id, user.referrerId))
          .then((rows) => rows[0] ?? null)
      : Promise.resolve(null),
    ctx.db
      .select({ syllabus: syllabuses.name, standard: standards.name })
      .from(users)
      .leftJoin(syllabuses, eq(syllabuses.id, users.syllabusId))
      .leftJoin(standards, eq(standards.id, users.standardId))
      .where(eq(users.id, id))
      .then((rows) => rows[0]),
    selectPurchases(ctx.db, eq(purchases.userId, id)).orderBy(desc(purchases.createdAt), desc(purchases.id)),
    ctx.db
      .select({ total: count(), active: count(users.activatedAt) })
      .from(users)
      .where(eq(users.referrerId, id)),
    getLevelStatus(ctx, { user }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    }),
    consentOfUser(ctx, { userId: id }),
    user.erasedBy
      ? ctx.db
          .select()
          .from(users)
          .where(eq(users.id, user.erasedBy))
          .then((rows) => rows[0] ?? null)
      : Promise.resolve(null),
    heldCreditsOf(ctx.db, id),
  ]);
  return {
    profile: {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      mobile: user.mobile,
      referral_code: user.referralCode,
      email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
      city: user.city,
      state: user.state,
      syllabus: school?.syllabus ?? null,
      standard: school?.standard ?? null,
      signup_ip: user.signupIp,
      activated_at: user.activatedAt?.toISOString() ?? null,
      created_at: user.createdAt.toISOString(),
    },
    roles: user.roles,
    referrer: referrer
      ? {
          id: referrer.id,
          name: `${referrer.firstName} ${referrer.lastName}`,
          email: referrer.email,
          referral_code: referrer.referralCode,
        }
      : null,
    referral_status: user.referralStatus as ReferralStatus,
    purchases: purchaseRows.map(toAdminPurchase),
    level,
    sub_users: { total: subUsers?.total ?? 0, active: subUsers?.active ?? 0 },
    wallet: {
      points: user.points,
      balance: paiseToRupees(user.balancePaise),
      held: { points: held.points, balance: paiseToRupees(held.paise) },
    },
    consent,
    erasure: user.erasedAt
      ? {
          erased_at: user.erasedAt.toISOString(),
          erased_by: eraser
            ? { id: eraser.id, name: `${eraser.firstName} ${eraser.lastName}`, email: eraser.email }
            : null,
        }
      : null,
  };
}

/** PUT /admin/users/{id}/roles: admin and/or learner. An operator cannot take away their own admin role. */
export async function setUserRoles(
  ctx: AppContext,
  options: { actorId: number; id: number; roles: Role[] },
): Promise<AdminUserRow> {
  if (options.id === options.actorId && !options.roles.includes('admin'))
    throw AppError.badRequest(adminMessages.ownAdminRole);
  return ctx.db.transaction(async (tx) => {
    const current = await findUserRow(tx, options.id, { forUpdate: true });
    const [updated] = await tx
      .update(users)
      .set({ roles: options.roles, updatedAt: ctx.now() })
      .where(eq(users.id, options.id))
      .returning();
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'user.roles',
      entity: 'users',
      entityId: options.id,
      before: { roles: current.roles },
      after: { roles: updated!.roles },
    });
    return toUserRow(updated!);
  });
}
