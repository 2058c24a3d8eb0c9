import { and, eq, gt, isNull, sql, type Placeholder } from 'drizzle-orm';
import { accessTokens, users } from '@app/db';
import type { AppContext } from '../../context.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { preparedPerDatabase, type CachedSession, type Session } from '../database/index.ts';

/** Tokens expire after this long unused. */
export const TOKEN_IDLE_DAYS = 30;
/** last_used_at is written at most this often, so a read is not a write. */
const TOUCH_INTERVAL_MS = 60_000;

export type AuthUser = typeof users.$inferSelect;

/** Tokens last used before this instant have expired. */
const idleCutoffAt = (now: Date) => new Date(now.getTime() - TOKEN_IDLE_DAYS * 86_400_000);

/** A token that still opens its session: not revoked, and used since `idleCutoff`. */
const isLiveToken = (idleCutoff: Date | Placeholder) =>
  and(isNull(accessTokens.revokedAt), gt(accessTokens.lastUsedAt, idleCutoff));

/** Every authenticated request runs this lookup, so it is prepared once (see preparedPerDatabase). */
const liveTokenQuery = preparedPerDatabase((db) =>
  db
    .select({ user: users, tokenId: accessTokens.id, lastUsedAt: accessTokens.lastUsedAt })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, sql.placeholder('tokenHash')), isLiveToken(sql.placeholder('idleCutoff'))))
    .limit(1)
    .prepare('find_session'),
);

/**
 * The live session behind a bearer token, or null when unknown, revoked or idle too long. Served from
 * this process's session cache when it can be (decision 025): the cache first waits for the change
 * feed to settle, so a session cached here is as fresh as this read would be, then checks idle expiry
 * against ctx.now() as the query does. last_used_at is still touched at most once a minute.
 */
export async function findSession(ctx: AppContext, token: string): Promise<Session | null> {
  const now = ctx.now();
  const idleCutoff = idleCutoffAt(now);
  const tokenHash = sha256Hex(token);
  const { sessions } = ctx.caches;
  const settling = sessions.settle();
  if (settling) await settling;
  const cached = sessions.get(tokenHash);
  if (cached && cached.lastUsedAt > idleCutoff) {
    if (isTouchDue(cached, now)) await touch(ctx, cached, now);
    return cached.session;
  }
  const generation = sessions.generation;
  // Placeholders skip the column's encoder, so the timestamp goes in as the ISO text it would become.
  const [row] = await liveTokenQuery(ctx.db).execute({ tokenHash, idleCutoff: idleCutoff.toISOString() });
  if (!row) {
    if (cached) sessions.delete(tokenHash);
    return null;
  }
  const entry = { session: { user: row.user, tokenId: row.tokenId }, lastUsedAt: row.lastUsedAt };
  if (isTouchDue(entry, now)) await touch(ctx, entry, now);
  sessions.set(tokenHash, entry, generation);
  return entry.session;
}

/**
 * Whether last_used_at is due a write: the last one is over a minute old. A test, not an async call, so a
 * cached session that needs no write is answered without a promise of its own.
 */
const isTouchDue = (entry: CachedSession, now: Date) => now.getTime() - entry.lastUsedAt.getTime() > TOUCH_INTERVAL_MS;

/** Writes last_used_at (no notification: see migration 0014). */
async function touch(ctx: AppContext, entry: CachedSession, now: Date): Promise<void> {
  await ctx.db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, entry.session.tokenId));
  entry.lastUsedAt = now;
}

/**
 * Whether the session with this token id is still live (not revoked, not idle too long) and is this
 * user's: a link signed for a session (an invoice's PDF) dies with it, at logout, a password change or
 * a reset, as the token does.
 */
export async function isSessionLive(ctx: AppContext, options: { tokenId: number; userId: number }): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.id, options.tokenId),
        eq(accessTokens.userId, options.userId),
        isLiveToken(idleCutoffAt(ctx.now())),
      ),
    );
  return row !== undefined;
}
