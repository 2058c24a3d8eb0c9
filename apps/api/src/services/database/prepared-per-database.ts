import type { DbOrTx } from '@app/db';

/**
 * A query built once per database handle instead of on every call: Drizzle assembles its SQL and
 * row mapping once. Meant for the reads every request makes (the session lookup) and the busiest
 * pages. Its name (`.prepare('name')`) is kept by the pool's client, which prepares every other
 * statement with parameters too (decision 035); PGlite ignores the name and simply runs the SQL.
 */
export function preparedPerDatabase<Query>(build: (db: DbOrTx) => Query): (db: DbOrTx) => Query {
  const built = new WeakMap<DbOrTx, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
