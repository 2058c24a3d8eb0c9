import { eq, sql } from 'drizzle-orm';
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

/** Referral codes are stored upper-case and matched case-insensitively. */
export async function findUserByReferralCode(db: DbOrTx, code: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.referralCode, code.trim().toUpperCase())).limit(1);
  return user ?? null;
}
