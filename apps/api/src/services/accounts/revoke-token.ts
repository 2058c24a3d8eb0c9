import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { accessTokens, type DbOrTx } from '@app/db';

export async function revokeToken(db: DbOrTx, tokenId: number, now: Date): Promise<void> {
  await db.update(accessTokens).set({ revokedAt: now }).where(eq(accessTokens.id, tokenId));
}

/** Revokes every token of the user, except `keepTokenId` when given. */
export async function revokeUserTokens(db: DbOrTx, userId: number, now: Date, keepTokenId?: number): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        keepTokenId === undefined ? sql`true` : ne(accessTokens.id, keepTokenId),
      ),
    );
}
