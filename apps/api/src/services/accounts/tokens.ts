import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { accessTokens, users, type DbOrTx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { preparedPerDatabase } from '../database/prepared-per-database.ts';

/** Tokens expire after this long unused. */
export const TOKEN_IDLE_DAYS = 30;
/** last_used_at is written at most this often, so a read is not a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** Issues an opaque 256-bit token; only its SHA-256 is stored. */
export async function issueToken(db: DbOrTx, userId: number, now: Date): Promise<string> {
  const token = randomToken();
  await db.insert(accessTokens).values({ userId, tokenHash: sha256Hex(token), createdAt: now, lastUsedAt: now });
  return token;
}

export type AuthUser = typeof users.$inferSelect;
export interface Session {
  user: AuthUser;
  tokenId: number;
}

/** Every authenticated request runs this lookup, so it is prepared once (see preparedPerDatabase). */
const liveTokenQuery = preparedPerDatabase((db) => db
  .select({ user: users, tokenId: accessTokens.id, lastUsedAt: accessTokens.lastUsedAt })
  .from(accessTokens)
  .innerJoin(users, eq(users.id, accessTokens.userId))
  .where(and(
    eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
    isNull(accessTokens.revokedAt),
    gt(accessTokens.lastUsedAt, sql.placeholder('idleCutoff')),
  ))
  .limit(1)
  .prepare('find_session'));

/** The live session behind a bearer token, or null when unknown, revoked or idle too long. */
export async function findSession(ctx: AppContext, token: string): Promise<Session | null> {
  const now = ctx.now();
  const idleCutoff = new Date(now.getTime() - TOKEN_IDLE_DAYS * 86_400_000);
  // Placeholders skip the column's encoder, so the timestamp goes in as the ISO text it would become.
  const [row] = await liveTokenQuery(ctx.db).execute({ tokenHash: sha256Hex(token), idleCutoff: idleCutoff.toISOString() });
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await ctx.db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, row.tokenId));
  }
  return { user: row.user, tokenId: row.tokenId };
}

export async function revokeToken(db: DbOrTx, tokenId: number, now: Date): Promise<void> {
  await db.update(accessTokens).set({ revokedAt: now }).where(eq(accessTokens.id, tokenId));
}

/** Revokes every token of the user, except `keepTokenId` when given. */
export async function revokeUserTokens(db: DbOrTx, userId: number, now: Date, keepTokenId?: number): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(
      eq(accessTokens.userId, userId),
      isNull(accessTokens.revokedAt),
      keepTokenId === undefined ? sql`true` : ne(accessTokens.id, keepTokenId),
    ));
}
