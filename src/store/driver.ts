/**
 * What the store's logic asks of a database: statements run on a connection, a transaction or a savepoint of one,
 * and transactions. Each dialect's `database.ts` implements it (SQLite's writer runs a transaction's work inside
 * its group commit; PostgreSQL's pool runs it on one connection); the logic written over it is the same for both.
 *
 * Statements are text with positional placeholders `$1`, `$2`...; a placeholder may appear several times. Text
 * that both databases read alike is written once, in the module that runs it; the rest is in each dialect's
 * `sql.ts`, under the same names. Arrays are sent as arrays (PostgreSQL) or JSON text (SQLite: `json_each($n)`),
 * booleans as booleans or 1 and 0.
 */
export type Param = string | number | boolean | null | readonly string[] | readonly number[]

/** Where statements run: the database itself (each statement on its own), a transaction, or a savepoint. */
export interface Db {
  /** The rows a statement answers. */
  all: <Row extends object = Record<string, unknown>>(sql: string, params?: readonly Param[]) => Promise<Row[]>
  /** The rows a statement changed. */
  run: (sql: string, params?: readonly Param[]) => Promise<number>
}

export interface Driver {
  /** Statements outside any transaction: each one whole (a read sees one snapshot per statement). */
  readonly db: Db
  /**
   * Runs `work` as one transaction, committed when it resolves and rolled back when it rejects. Inside a keyed unit
   * (Store.atomically) it is a savepoint of the unit's transaction instead.
   */
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>
  /** Runs `work` in a savepoint of `tx`: when it fails, what it wrote is rolled back and the transaction goes on. */
  savepoint: <T>(tx: Db, work: (sp: Db) => Promise<T>) => Promise<T>
  /**
   * Runs `work` as one transaction of its own, a unit (Store.atomically, a keyed request), that the store's
   * operations join when `join` runs them. On SQLite other writes wait meanwhile, and the unit holds the database's
   * write lock from its start.
   */
  unit: <T>(work: (tx: Db) => Promise<T>) => Promise<T>
  /**
   * Runs `work` in a savepoint of the unit's transaction `tx`: every operation of the store that it makes (awaiting
   * each before the next) writes there, and every transaction one opens is a savepoint within.
   */
  join: <T>(tx: Db, work: () => Promise<T>) => Promise<T>
}
