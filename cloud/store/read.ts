import { sqlClient, type SqlClient } from '../database';

/**
 * A read of the store, written both ways: one SQL statement where the server has a SQL client
 * (PostgreSQL), Parse queries where it has none. Called, it takes the way the server has; the
 * store's conformance tests call `bySql` and `byQueries` on the same rows and expect one answer.
 */
export interface StoreRead<Args extends unknown[], Result> {
  (...args: Args): Promise<Result>;
  bySql: (sql: SqlClient, ...args: Args) => Promise<Result>;
  byQueries: (...args: Args) => Promise<Result>;
}

export function storeRead<Args extends unknown[], Result>(ways: {
  bySql: (sql: SqlClient, ...args: Args) => Promise<Result>;
  byQueries: (...args: Args) => Promise<Result>;
}): StoreRead<Args, Result> {
  const read = (...args: Args): Promise<Result> => {
    const sql = sqlClient();
    return sql ? ways.bySql(sql, ...args) : ways.byQueries(...args);
  };
  return Object.assign(read, { bySql: ways.bySql, byQueries: ways.byQueries });
}
