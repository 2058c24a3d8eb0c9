import { createHash } from 'node:crypto';
import pg from 'pg';

/** Statements one connection keeps prepared at most; a new text past it runs unnamed (parsed and planned each time). */
export const AUTO_PREPARED_PER_CONNECTION = 500;

/**
 * A node-postgres client that names every statement sent with parameters after a hash of its text, so that
 * PostgreSQL parses it once per connection and, after its first runs, may keep a generic plan instead of planning
 * it again on every call (decision 035). What the queries do is unchanged: only statements that already go through
 * the extended protocol (they have parameters) are named, a name given by the caller is kept, and the number of
 * names per connection is capped, since the server keeps each one until the connection closes.
 */
export class AutoPreparingClient extends pg.Client {
  readonly #named = new Set<string>();

  // One signature for pg's overloads: the arguments are handed on unchanged, only the config may gain a name.
  override query(config: unknown, values?: unknown, callback?: unknown): any {
    const named = this.#withName(config, values);
    return (super.query as (...args: unknown[]) => unknown)(named, values, callback);
  }

  #withName(config: unknown, values: unknown): unknown {
    if (typeof config !== 'string' && (config === null || typeof config !== 'object')) return config;
    // A Submittable (pg.Query, a cursor) runs itself: a copy would lose its methods.
    if (typeof (config as Partial<pg.Submittable>).submit === 'function') return config;
    const query = typeof config === 'string' ? { text: config } : (config as pg.QueryConfig);
    if (query.name !== undefined || typeof query.text !== 'string') return config;
    const parameters = Array.isArray(values) ? values : query.values;
    if (!parameters || parameters.length === 0) return config;
    const name = `auto_${createHash('sha1').update(query.text).digest('base64url')}`;
    if (!this.#named.has(name)) {
      if (this.#named.size >= AUTO_PREPARED_PER_CONNECTION) return config;
      this.#named.add(name);
    }
    return { ...query, name };
  }
}
