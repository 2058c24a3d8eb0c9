import { eq, sql } from 'drizzle-orm';
import { users, type DbOrTx } from '@app/db';

export type UserRow = typeof users.$inferSelect;

/** Emails are unique case-insensitively; `email` may come in any case. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).limit(1);
  return user ?? null;
}

/** Referral codes are stored upper-case and matched case-insensitively. */
export async function findUserByReferralCode(db: DbOrTx, code: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.referralCode, code.trim().toUpperCase())).limit(1);
  return user ?? null;
}

/** True when `error` (or the driver error Drizzle wraps) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return name === constraint;
  }
  return false;
}
