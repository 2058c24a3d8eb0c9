import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed.ts';

export interface FeedCacheOptions<V extends object> {
  /** Most entries kept; the least recently used go first. */
  max: number;
  /** The backstop: an entry is dropped this long after it was read, notified or not. */
  ttlMs: number;
  /** Told of every entry that leaves (evicted, expired, deleted, flushed). */
  onRemove?: (key: string, value: V) => void;
}

/**
 * A bounded in-process cache kept only while the change feed is live, and flushed whenever the feed
 * may have missed something. A read from the database is kept only if nothing was invalidated while
 * it ran: `generation` is taken before the read and handed to `set`, so an answer read just before
 * a write commits, and stored just after its notification was handled, is not kept.
 */
export class FeedCache<V extends object> {
  readonly #lru: LRUCache<string, V>;
  #generation = 0;

  private readonly feed: ChangeFeed;

  constructor(feed: ChangeFeed, options: FeedCacheOptions<V>) {
    this.feed = feed;
    const { onRemove } = options;
    this.#lru = new LRUCache<string, V>({
      max: options.max,
      ttl: options.ttlMs,
      ...(onRemove
        ? {
            dispose: (value: V, key: string, reason: LRUCache.DisposeReason) => {
              if (reason !== 'set') onRemove(key, value);
            },
          }
        : {}),
    });
    feed.onReset(() => this.clear());
  }

  /** Taken before a read from the database, handed to `set` after it. */
  get generation(): number {
    return this.#generation;
  }

  get(key: string): V | undefined {
    return this.#lru.get(key);
  }

  /** Keeps `value` unless the feed is down or anything was invalidated since `generation` was taken; true if kept. */
  set(key: string, value: V, generation: number): boolean {
    if (!this.feed.isLive || generation !== this.#generation) return false;
    this.#lru.set(key, value);
    return true;
  }

  /** Drops `key`, and any answer being read at this moment. */
  delete(key: string): void {
    this.#generation++;
    this.#lru.delete(key);
  }

  /** Drops everything, and any answer being read at this moment. */
  clear(): void {
    this.#generation++;
    this.#lru.clear();
  }

  /** Counts as an invalidation for the reads under way, without dropping anything (their key is not known yet). */
  invalidateReads(): void {
    this.#generation++;
  }
}
