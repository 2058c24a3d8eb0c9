import type { DbOrTx } from '@app/db';

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * What a query built on `db` is bound to. A prepared Drizzle query keeps its session's client and the settings of
 * the Drizzle handle it came from (its logger and cache, one `options` object that the handle's transactions share).
 * On PostgreSQL the client is the pool for the database and the pooled connection for a transaction on it, and the
 * pool hands the same connections out again, so a query built inside one transaction serves every later transaction
 * on that connection. A PGlite transaction has a client of its own each time. Falls back to the handle itself if
 * Drizzle ever stops exposing its session's client or options.
 */
function bindingOf(db: DbOrTx): { handle: object; connection: object } {
  const session = db._.session as unknown as { client?: unknown; options?: unknown };
  return isObject(session.client) && isObject(session.options)
    ? { handle: session.options, connection: session.client }
    : { handle: db, connection: db };
}

/**
 * A query built once per connection of a Drizzle handle instead of on every call: Drizzle assembles its SQL and row
 * mapping once. Meant for the reads every request makes (the session lookup), the busiest pages and the statements
 * of every payment. Those run inside transactions, each a new handle; keyed by the connection (`bindingOf`), a
 * transaction's statement is not built again for each transaction (ledger-random's payment flip: 5,901 builds
 * before, 10 after). Its name (`.prepare('name')`) is kept by the pool's client, which prepares every other statement
 * with parameters too (decision 035); PGlite ignores the name and simply runs the SQL.
 */
export function preparedPerDatabase<Query>(build: (db: DbOrTx) => Query): (db: DbOrTx) => Query {
  const built = new WeakMap<object, WeakMap<object, Query>>();
  return (db) => {
    const { handle, connection } = bindingOf(db);
    let ofHandle = built.get(handle);
    if (ofHandle === undefined) {
      ofHandle = new WeakMap();
      built.set(handle, ofHandle);
    }
    let query = ofHandle.get(connection);
    if (query === undefined) {
      query = build(db);
      ofHandle.set(connection, query);
    }
    return query;
  };
}
