import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from './client';

const preparedBy = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A query built once per database handle (or transaction) and reused: drizzle otherwise builds
 * its SQL text again on every call, which on the hottest reads (the session behind a cookie, a
 * project's access) costs more than the database does. On PostgreSQL the name also makes it a
 * prepared statement, parsed once per connection. Each call site gives a name of its own, the
 * same for the same text (PostgreSQL refuses one name for two texts).
 */
export function preparedFor<Prepared>(
  db: DbOrTx,
  name: string,
  prepare: (db: DbOrTx, name: string) => Prepared,
): Prepared {
  let byName = preparedBy.get(db);
  if (!byName) {
    byName = new Map();
    preparedBy.set(db, byName);
  }
  if (!byName.has(name)) byName.set(name, prepare(db, name));
  return byName.get(name) as Prepared;
}

const dialect = new PgDialect();

/**
 * A hand-written statement prepared the same way, answering its rows as the database writes
 * them (no mapping: a list the database presents itself, decision 0011). Its parameters are
 * `sql.placeholder`s, given by name on each call.
 */
export function preparedRows<Row>(
  db: Database,
  name: string,
  statement: SQL,
): (values: Record<string, unknown>) => Promise<Row[]> {
  return preparedFor(db, name, () => {
    const query = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
    return async (values: Record<string, unknown>) =>
      ((await query.execute(values)) as { rows: Row[] }).rows;
  });
}
