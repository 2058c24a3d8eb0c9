import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from '@app/db';

/** The channels the triggers of migration 0014 notify: a user id on `sessions`, a table name on `catalogue`. */
export type ChangeChannel = 'sessions' | 'catalogue';
const CHANNELS: readonly ChangeChannel[] = ['sessions', 'catalogue'];

/** Where the feed checks, once connected, that a notification sent from the pool reaches it. */
const PROBE_CHANNEL = 'change_feed_probe';
/** How the listening connection shows in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION_NAME = 'live-connect change feed';
/** Reconnection waits double from the first to the last. */
const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;
/** A listening connection that takes longer than this to answer is given up as broken. */
const SETTLE_TIMEOUT_MS = 2_000;

export interface ChangeFeedLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The database's change notifications, for the in-process caches (decision 025). On PostgreSQL a
 * connection of its own (not a pooled one) LISTENs; with PGlite, `pglite.listen` delivers them in
 * this process while the write runs.
 */
export interface ChangeFeed {
  /** True while notifications arrive: a cache keeps nothing otherwise, and reads through. */
  readonly isLive: boolean;
  /** Calls `handler` with the payload of each notification on `channel`. */
  onChange(channel: ChangeChannel, handler: (payload: string) => void): void;
  /** Calls `handler` when notifications may have been missed: the connection dropped, or came back. */
  onReset(handler: () => void): void;
  /**
   * Resolves once every notification of a transaction committed before the call has been handled:
   * PostgreSQL sends a connection's pending notifications before the answer to its next query, so
   * one round trip on the listening connection (shared by every caller waiting at that moment) is
   * enough. Null when there is nothing to wait for (PGlite delivers during the write; a feed that
   * is down has flushed every cache). Never rejects: a failure counts as a drop.
   */
  settle(): Promise<void> | null;
  /** Starts listening; until then (and when the first connection fails, until a retry succeeds) it is down. */
  start(): Promise<void>;
  close(): Promise<void>;
}

class Subscribers {
  readonly byChannel = new Map<ChangeChannel, ((payload: string) => void)[]>();
  readonly onReset: (() => void)[] = [];

  dispatch(channel: string, payload: string): void {
    for (const handler of this.byChannel.get(channel as ChangeChannel) ?? []) handler(payload);
  }

  reset(): void {
    for (const handler of this.onReset) handler();
  }

  add(channel: ChangeChannel, handler: (payload: string) => void): void {
    this.byChannel.set(channel, [...(this.byChannel.get(channel) ?? []), handler]);
  }
}

/** The feed of `database`, down until started; when a connection fails it keeps trying in the background. */
export function createChangeFeed(database: Database, log: ChangeFeedLog): ChangeFeed {
  if (database.pglite) return pgliteFeed(database.pglite);
  if (!database.pool) throw new Error('The change feed needs PGlite or a PostgreSQL pool');
  return new PostgresFeed(database.pool, log);
}

function pgliteFeed(pglite: NonNullable<Database['pglite']>): ChangeFeed {
  const subscribers = new Subscribers();
  let unlisten: (() => Promise<void>)[] = [];
  let isLive = false;
  return {
    get isLive() {
      return isLive;
    },
    onChange: (channel, handler) => subscribers.add(channel, handler),
    onReset: (handler) => {
      subscribers.onReset.push(handler);
    },
    settle: () => null,
    start: async () => {
      unlisten = await Promise.all(
        CHANNELS.map((channel) => pglite.listen(channel, (payload) => subscribers.dispatch(channel, payload))),
      );
      isLive = true;
    },
    close: async () => {
      isLive = false;
      if (!pglite.closed) await Promise.all(unlisten.map((stop) => stop()));
    },
  };
}

class PostgresFeed implements ChangeFeed {
  readonly #subscribers = new Subscribers();
  #client: pg.Client | null = null;
  #isLive = false;
  #isClosed = false;
  #retryMs = FIRST_RETRY_MS;
  #retryTimer: NodeJS.Timeout | undefined;
  /** The round trip on its way, and the one that waits for it: callers arriving meanwhile need one sent after them. */
  #running: Promise<void> | null = null;
  #queued: Promise<void> | null = null;

  private readonly pool: pg.Pool;
  private readonly log: ChangeFeedLog;

  constructor(pool: pg.Pool, log: ChangeFeedLog) {
    this.pool = pool;
    this.log = log;
  }

  get isLive(): boolean {
    return this.#isLive;
  }

  onChange(channel: ChangeChannel, handler: (payload: string) => void): void {
    this.#subscribers.add(channel, handler);
  }

  onReset(handler: () => void): void {
    this.#subscribers.onReset.push(handler);
  }

  start(): Promise<void> {
    return this.#connect();
  }

  async #connect(): Promise<void> {
    this.#retryTimer = undefined;
    if (this.#isClosed) return;
    const client = new pg.Client({
      ...this.pool.options,
      application_name: CHANGE_FEED_APPLICATION_NAME,
      keepAlive: true,
    });
    client.on('error', (error) => this.#drop(client, error));
    client.on('end', () => this.#drop(client, new Error('connection ended')));
    const probe = randomUUID();
    let isProbeHeard = false;
    client.on('notification', (message) => {
      if (message.channel === PROBE_CHANNEL) isProbeHeard ||= message.payload === probe;
      else if (this.#client === client) this.#subscribers.dispatch(message.channel, message.payload ?? '');
    });
    this.#client = client;
    try {
      await client.connect();
      await client.query([...CHANNELS, PROBE_CHANNEL].map((channel) => `LISTEN ${channel}`).join('; '));
      // Through a transaction-mode pooler a LISTEN does not hold: notifications would go astray and
      // the caches would believe they hear everything. Sent from the pool, the probe must arrive
      // before the answer to the next query on this connection.
      await this.pool.query('SELECT pg_notify($1, $2)', [PROBE_CHANNEL, probe]);
      await client.query('');
      if (!isProbeHeard)
        throw new Error(
          'a notification sent from the pool did not reach the listening connection (a transaction-mode pooler in DATABASE_URL?)',
        );
    } catch (error) {
      this.#drop(client, error as Error);
      return;
    }
    if (this.#client !== client) return;
    // Reads begun before the LISTEN held may carry what it missed: the reset stops them being kept.
    this.#subscribers.reset();
    this.#isLive = true;
    if (this.#retryMs !== FIRST_RETRY_MS) this.log.info({}, 'change feed back: caches on again');
    this.#retryMs = FIRST_RETRY_MS;
  }

  settle(): Promise<void> | null {
    const client = this.#client;
    if (!this.#isLive || !client) return null;
    if (!this.#running) {
      this.#running = this.#roundTrip(client).finally(() => {
        this.#running = null;
      });
      return this.#running;
    }
    this.#queued ??= this.#running.then(() => {
      this.#queued = null;
      return this.settle() ?? undefined;
    });
    return this.#queued;
  }

  async close(): Promise<void> {
    this.#isClosed = true;
    this.#isLive = false;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = null;
    if (client) await client.end().catch(() => undefined);
  }

  async #roundTrip(client: pg.Client): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`change feed did not answer within ${SETTLE_TIMEOUT_MS} ms`)),
        SETTLE_TIMEOUT_MS,
      );
    });
    try {
      // The empty query: the cheapest round trip there is.
      await Promise.race([client.query(''), timeout]);
    } catch (error) {
      this.#drop(client, error as Error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Anything may have been missed: flush every cache, read through until a new connection listens. */
  #drop(client: pg.Client, error: Error): void {
    if (this.#client !== client) return;
    this.#client = null;
    const wasLive = this.#isLive;
    this.#isLive = false;
    this.#subscribers.reset();
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.#isClosed) return;
    if (wasLive || this.#retryMs === FIRST_RETRY_MS) {
      this.log.warn({ err: error }, 'change feed lost: caches flushed, reading through the database until it is back');
    }
    this.#retryTimer = setTimeout(() => void this.#connect(), this.#retryMs);
    this.#retryTimer.unref();
    this.#retryMs = Math.min(this.#retryMs * 2, LAST_RETRY_MS);
  }
}
