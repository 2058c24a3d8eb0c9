import type { users } from '@app/db';
import type { ChangeFeed } from './change-feed.ts';
import { FeedCache } from './feed-cache.ts';

/**
 * 10,000 sessions (a users row each, about 2 KB) per API process: the signed-in learners of the last
 * ten seconds on a busy instance.
 */
const MAX_SESSIONS = 10_000;
/**
 * The backstop if a notification were ever lost while the connection looked healthy: a revoked
 * token lives at most this long. Short, since a miss costs only the one read the cache saves.
 */
export const SESSION_TTL_MS = 10_000;

/** The live session behind a bearer token: its user's row and the token's id (accounts' findSession reads it). */
export interface Session {
  user: typeof users.$inferSelect;
  tokenId: number;
}

export interface CachedSession {
  session: Session;
  /** The token's last_used_at as this process knows it: idle expiry and the touch read it. */
  lastUsedAt: Date;
}

/**
 * The live sessions behind bearer tokens, by the token's SHA-256 (as stored), in this process. Every
 * change of a users row or a token's revocation arrives on the `sessions` channel with the user's
 * id, and drops every cached token of that user.
 */
export class SessionCache {
  readonly #cache: FeedCache<CachedSession>;
  readonly #tokensOfUser = new Map<number, Set<string>>();

  private readonly feed: ChangeFeed;

  constructor(feed: ChangeFeed) {
    this.feed = feed;
    this.#cache = new FeedCache<CachedSession>(feed, {
      max: MAX_SESSIONS,
      ttlMs: SESSION_TTL_MS,
      onRemove: (tokenHash, entry) => this.#forget(entry.session.user.id, tokenHash),
    });
    feed.onChange('sessions', (payload) => this.evictUser(Number(payload)));
  }

  get generation(): number {
    return this.#cache.generation;
  }

  /** Waits until every change committed before now has been applied (see ChangeFeed.settle); null when none is due. */
  settle(): Promise<void> | null {
    return this.feed.settle();
  }

  get(tokenHash: string): CachedSession | undefined {
    return this.#cache.get(tokenHash);
  }

  set(tokenHash: string, entry: CachedSession, generation: number): void {
    if (!this.#cache.set(tokenHash, entry, generation)) return;
    const userId = entry.session.user.id;
    const tokens = this.#tokensOfUser.get(userId);
    if (tokens) tokens.add(tokenHash);
    else this.#tokensOfUser.set(userId, new Set([tokenHash]));
  }

  delete(tokenHash: string): void {
    this.#cache.delete(tokenHash);
  }

  /** Drops every cached token of the user, and keeps no session being read at this moment. */
  evictUser(userId: number): void {
    this.#cache.invalidateReads();
    for (const tokenHash of [...(this.#tokensOfUser.get(userId) ?? [])]) this.#cache.delete(tokenHash);
    this.#tokensOfUser.delete(userId);
  }

  #forget(userId: number, tokenHash: string): void {
    const tokens = this.#tokensOfUser.get(userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.#tokensOfUser.delete(userId);
  }
}
