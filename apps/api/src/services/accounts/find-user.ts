import { and, eq, isNull, sql } from 'drizzle-orm';
import { users, type DbOrTx } from '@app/db';

export type UserRow = typeof users.$inferSelect;

/** Emails are unique case-insensitively; `email` may come in any case. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user ?? null;
}

/**
 * Referral codes are stored upper-case and matched case-insensitively. An erased learner's code signs nobody up
 * (decision 066): it is kept only so that their referrer's tree and the books still name them.
 */
export async function findUserByReferralCode(db: DbOrTx, code: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.referralCode, code.trim().toUpperCase()), isNull(users.erasedAt)))
    .limit(1);
  return user ?? null;
}
