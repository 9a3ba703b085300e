import postgres from 'postgres'
import { dayOf, inWindow, leavesWindowAt } from '../../domain/engagement.js'
import type { Clock } from '../../domain/time.js'
import { isId } from '../../domain/uuid.js'
import type { ActivityPatch } from '../../schemas/activities.js'
import type { InputWithMemberId } from '../model/bulk.js'
import { NO_CHANNEL } from '../model/engagement.js'
import { gainedKeys, keyConflict, lockOf, lockOrder, matchSql, type UniqueKey } from '../model/matching.js'
import { newRow } from '../model/rows.js'
import type { ActivityRow, BaseRow } from '../model/records.js'
import type { Resource } from '../model/resources.js'
import { InvalidFieldError, type ActivityStore, type ActivityTypeStore } from '../types.js'
import type { countedIndex, MoveResult } from './counted-index.js'
import { allSettled, statement, Unanswered, type Db, type Param } from './database.js'
import { countDaysSql, addPointsSql, readingPointsSql } from './engagement.js'
import { dialect, lockKeys, takeLocksSql, type Hooks, type recordTable } from './record-table.js'

// PostgreSQL's fast paths: what buys a write speed beyond its ordinary steps, which are complete and correct without
// them (record-table.ts, activities.ts). The store is opened with them (`fastPaths()`, STORE_FAST_PATHS=on, the
// default) or without (off); the ordinary code calls them through that one object and takes its own steps when it is
// absent. docs/performance.md says what each buys.
//
// - A new row in one statement (`wholeInsert`): a counted resource's new row (a member, a channel, an activity of a
//   new type), its side rows and its count, sent with COMMIT.
// - A new activity of a known type in two statements (`activities().insert`).
// - Activity types' ids remembered by the process (`activities()`, `activityTypes()`), with the retry of a write
//   that used one deleted meanwhile.
//
// What they rely on, which the ordinary steps do not: a write's locks are taken in the order every writer takes them
// (its keys', its members', then the list's shared lock) in a statement of their own, before the statement that
// reads what they guard (a statement reads what committed before it began); a held unique key fails the statement
// itself (`keys_taken`, migration 13: SQLSTATE WR409), so that its answer may go unawaited with the COMMIT behind it
// (`Unanswered`, database.ts).

/** The fast paths of one store. */
export interface FastPaths {
  /** A new row's one statement for a table it fits (counted, its writes changing no other record); else undefined. */
  wholeInsert: <Row extends BaseRow>(table: TableParts<Row>) => WholeInsert<Row> | undefined
  /** The activities' fast paths, for their table. */
  activities: (parts: ActivityParts) => ActivityFastPaths
  /** The activity types' store, forgetting the id of a type it deletes. */
  activityTypes: (store: ActivityTypeStore) => ActivityTypeStore
}

/** What wholeInsert needs of a record table (record-table.ts). */
export interface TableParts<Row extends BaseRow> {
  resource: Resource<Row>
  hooks: Hooks<Row>
  clock: Clock
  index: ReturnType<typeof countedIndex> | undefined
  /** The INSERT of one row, its values from $`first` on. */
  insertSql: (first: number) => string
  /** Each side table's INSERT ($1 the workspace, its owners in $`first`, each column's values after). */
  sides: ReadonlyArray<{ addSql: (first: number) => string, width: number }>
  /** The row's values, in the order of its columns. */
  values: (row: Row) => Param[]
  /** Each side table's arrays for the row, one after the other, as `sides` take them. */
  sideArrays: (row: Row) => string[][]
  /** The rows holding any of the keys (`keys` their placeholder) of a match on a side table; undefined for other matches. */
  holdersSql: (keys: string) => string | undefined
}

/**
 * A new row written: the answer is handed back unawaited (`Unanswered`) when the row's own check passed, for the
 * transaction's COMMIT to go out behind it. `matched`: the caller found, under its key's lock, that no row has the key.
 */
export type WholeInsert<Row> = (db: Db, workspaceId: string, input: object, extra: Record<string, unknown>, matched: boolean) => Promise<Unanswered<Row>>

/** What the activities' fast paths need of their store (activities.ts). */
export interface ActivityParts {
  table: ReturnType<typeof recordTable<ActivityRow, unknown>>
  clock: Clock
  /** Looks up the references `input` sets, together, and judges them. */
  checkReferences: (db: Db, workspaceId: string, input: ActivityPatch) => Promise<void>
}

export interface ActivityFastPaths {
  /** A new activity of a type the process remembers, written; undefined when it remembers none. */
  insert: (tx: Db, workspaceId: string, input: InputWithMemberId, matched: boolean) => Promise<ActivityRow> | undefined
  /** The id the process remembers of the workspace's type `key`. */
  typeId: (workspaceId: string, key: string) => string | undefined
  /** The activities' store, remembering the types its writes used once they are done. */
  store: (store: ActivityStore) => ActivityStore
}

/** The fast paths of a store: each store keeps its own activity type ids. */
export function fastPaths (): FastPaths {
  const types = new ActivityTypeIds()
  return {
    wholeInsert,
    activities: (parts) => activityFastPaths(parts, types),
    activityTypes: (store) => ({
      ...store,
      async remove (workspaceId, id) {
        const removed = await store.remove(workspaceId, id)
        if (removed) types.forgetId(workspaceId, id)
        return removed
      }
    })
  }
}

/**
 * A new row of a counted resource whose writes change no other record (no `written` hook) is one statement, sent
 * after its keys' locks and the list's shared lock (postgres.js spends about 35 µs of the process's CPU on each
 * statement: docs/performance.md). It reads the rows holding the row's unique keys, inserts the row and its side
 * rows, and moves the counted index. It sees what committed before it began, which is every write of those
 * keys: their locks were held by then. A key found held fails the statement (keys_taken, migration 13), so its
 * answer is handed back unawaited (`Unanswered`) and the transaction's COMMIT goes out behind it: a held key aborts the
 * transaction, which rolls back what the statement wrote and what the `complete` hook wrote before it, and fails
 * the write with its 409. The row's check runs before the statement is sent; a write that breaks a rule and gives
 * a held key answers the 409, as the ordinary steps do (they check the keys first).
 * $1 the workspace, $2 the keys (a side-table match: each key's value; a match on columns: the key's values),
 * $3 whether to read the open count (counted-index.ts), the row's columns from $4, each side table's arrays after.
 */
function wholeInsert<Row extends BaseRow> (table: TableParts<Row>): WholeInsert<Row> | undefined {
  const { resource, hooks, clock, index, sides } = table
  if (index === undefined || hooks.written !== undefined) return undefined
  const { match } = resource
  const sideMatch = match?.where.kind === 'side'
  const first = 4
  const at = (column: string) => `$${first + resource.columns.indexOf(column)}`
  let next = first + resource.columns.length
  const sideCtes = sides.map((side, i) => {
    const cte = `side${i} AS (${side.addSql(next)})`
    next += side.width + 1
    return cte
  })
  const takenSql = match === undefined
    ? undefined
    : sideMatch
      ? `SELECT DISTINCT ON (key) key, id FROM (${table.holdersSql('$2')!}) AS h ORDER BY key, created_at, id`
      : `SELECT '' AS key, id FROM (${matchSql(resource.table, 'id', match as never, { ...dialect, param: (n) => `($2::text[])[${n}]` })}) AS h`
  // The keys' locks ($2) and then the list's, for a write that takes no other lock.
  const lockKeysAndList = statement(`SELECT (${takeLocksSql('$2')}) AS n, ${index.fragments.lockSql('$1')} AS list`)
  const insertAll = statement<MoveResult>(`WITH ${takenSql === undefined ? '' : `taken AS (${takenSql}),`}
    inserted AS (${table.insertSql(first)}),
    ${[...sideCtes, index.fragments.ctes({ at: at('created_at'), id: at('id'), delta: '1' })].join(',\n')}
    SELECT ${index.fragments.result('$3::boolean')}${takenSql === undefined
      ? ''
      : ',\n(SELECT keys_taken(json_agg(json_build_array(key, id))) FROM taken HAVING count(*) > 0) AS taken'}`)

  /** The 409 of a key that keys_taken found held: the first of the row's keys, in their order, with its holder. */
  function heldKey (error: unknown, keys: readonly UniqueKey[], input: object): Error | undefined {
    if (!(error instanceof postgres.PostgresError) || error.code !== KEYS_TAKEN) return undefined
    const taken = new Map(JSON.parse(error.detail ?? '[]') as Array<[string, string]>)
    for (const { key, field } of keys) {
      const other = taken.get(sideMatch ? key[0]! : '')
      if (other !== undefined) return keyConflict(match as never, input, other, field)
    }
    return undefined
  }

  return async (db, workspaceId, input, extra, matched) => {
    const row = newRow(resource, workspaceId, input, extra, clock())
    const keys = gainedKeys(match, row, undefined, matched ? match?.key(row) : undefined)
    // A match on columns has one unique key, its match key (model/matching.ts uniqueKeys).
    const keyValues = sideMatch ? keys.map(({ key }) => key[0]!) : keys[0]?.key ?? []
    // Checked as given, before `complete` set what the store decides (a company it found is no reference to check).
    const given = { ...row }
    const keyLocks = keys.map(({ key }) => lockOf(resource.table, workspaceId, key))
    // The list's lock comes after every other lock the write takes. When the input's own (`locks`: a member's
    // email domain) are none, that is with the keys' locks, in one statement; else `complete` may take them and
    // make a company (its list's lock), and the list's lock follows, with the insert.
    const listWithKeys = (hooks.locks?.(workspaceId, input) ?? []).length === 0
    // The statements go out together on the transaction's connection, in this order: none needs another's answer.
    const locked = listWithKeys ? lockKeysAndList(db, workspaceId, lockOrder(keyLocks)) : lockKeys(db, keyLocks)
    let broken: { rule: unknown } | undefined
    try {
      await hooks.complete?.(db, [row], undefined, [input])
      try {
        await hooks.check?.(db, [given], undefined)
      } catch (rule) {
        broken = { rule }
      }
    } catch (error) {
      // The locks' own failure first, if they failed (a deadlock): the hook's is then the aborted transaction's.
      await allSettled([locked])
      throw error
    }
    const answer = allSettled([
      locked,
      listWithKeys ? undefined : index.fragments.lock(db, workspaceId),
      insertAll(db, workspaceId, keyValues, index.fragments.shouldReadOpenCount(1), ...table.values(row), ...table.sideArrays(row))
    ]).then(([, , [result]]) => {
      index.fragments.restructureIfNeeded(db, workspaceId, result, 1)
      return row
    }, (error: unknown) => {
      throw heldKey(error, keys, input) ?? error
    })
    if (broken === undefined) return new Unanswered(answer)
    // A held key's 409 comes first; then the rule's error rolls the write back.
    await answer
    throw broken.rule
  }
}

/** The SQLSTATE of keys_taken (migration 13): a new row's unique key held by another row. */
const KEYS_TAKEN = 'WR409'

function activityFastPaths ({ table, clock, checkReferences }: ActivityParts, types: ActivityTypeIds): ActivityFastPaths {
  // A new activity of a known type (nearly every one) in two statements after BEGIN, where its ordinary steps took
  // seven (each about 35 µs of this process's CPU in postgres.js and 10 µs of the server's: a third of the process's
  // CPU per create). The first takes the locks every activity write takes, in their order: the points lock, the
  // member's row, the list's shared lock. Then one statement does the rest, each part seeing what committed before
  // the locks were held, as a statement of its own would: the member's counts and the pulse the activity gives (one
  // update of the member, not two: each a new row version with an entry in every index, as pulse is in one), the
  // row, its place in the counted list index and the workspace's count, its day's count. (insertRow would also keep
  // side tables and run a `written` hook: an activity has neither.)
  const index = table.index!
  const lockForInsert = statement<{ member: string | null }>(`SELECT ${readingPointsSql('$1')} AS points,
      (SELECT id FROM members WHERE workspace_id = $1::uuid AND id = $2 FOR NO KEY UPDATE) AS member,
      ${index.fragments.lockSql('$1')} AS list`)
  // $1 the workspace, $2 the member, $3 the activity's time, $4 its type, $5 its channel (NO_CHANNEL for none), $6 now,
  // $7 when it leaves the window, $8 whether it is in the window, $9 its day, $10 whether to read the open count
  // (counted-index.ts), $11 its id; its row's columns from $12.
  const insertOfKnownType = statement<MoveResult>(`WITH member AS (
      UPDATE members m SET activity_count = m.activity_count + 1,
        first_activity = least(m.first_activity, to_timestamp($3)), last_activity = greatest(m.last_activity, to_timestamp($3)),
        ${addPointsSql(4, '$8::boolean')}
      WHERE m.workspace_id = $1 AND m.id = $2
    ), inserted AS (${table.insertSql(12)}),
    ${index.fragments.ctes({ at: '$3', id: '$11', delta: '1' })},
    days AS (${countDaysSql('VALUES ($1::uuid, $2::uuid, $9::int4, $4::uuid, $5::uuid, 1)')})
    SELECT ${index.fragments.result('$10::boolean')}`)

  /** The statements go out together; the first field that names no record fails. */
  async function insertKnown (tx: Db, workspaceId: string, input: InputWithMemberId, typeId: string, matched: boolean): Promise<ActivityRow> {
    if (!isId(workspaceId) || !isId(input.memberId)) throw new InvalidFieldError('memberId')
    const now = clock()
    const at = input.createdAt ?? now
    const memberId = input.memberId
    const checked = allSettled([
      (async () => {
        const [{ member }] = await lockForInsert(tx, workspaceId, memberId) as [{ member: string | null }]
        if (member === null) throw new InvalidFieldError('memberId')
      })(),
      checkReferences(tx, workspaceId, input)
    ])
    const written = (async () => {
      const row = await table.newChecked(tx, workspaceId, input, { activity_type_id: typeId, created_at: at, updated_at: now }, matched)
      const readOpenCount = index.fragments.shouldReadOpenCount(1)
      const [moved] = await insertOfKnownType(tx, workspaceId, memberId, at, typeId, row.channel_id ?? NO_CHANNEL, now,
        leavesWindowAt(at), inWindow(at, now), dayOf(at), readOpenCount, row.id, ...table.rowValues(row))
      index.fragments.restructureIfNeeded(tx, workspaceId, moved, 1)
      return row
    })()
    const [, row] = await allSettled([checked, written])
    return row
  }

  /**
   * Runs a write again, with no remembered type, when a type it remembered was deleted meanwhile (by another
   * process: this one forgets a type it deletes); the activities' foreign key said so.
   */
  async function retrying<T> (write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (!(error instanceof postgres.PostgresError && error.constraint_name === 'activities_type_fkey')) throw error
      types.clear()
      return await write()
    }
  }

  return {
    insert (tx, workspaceId, input, matched) {
      const known = types.get(workspaceId, input.activityTypeKey)
      return known === undefined ? undefined : insertKnown(tx, workspaceId, input, known, matched)
    },
    typeId: (workspaceId, key) => types.get(workspaceId, key),
    // Each write's type is remembered once it is done (a write inside Store.atomically: once its savepoint is).
    store: (store) => ({
      ...store,
      async create (workspaceId, input) {
        const record = await retrying(async () => await store.create(workspaceId, input))
        types.remember(workspaceId, input.activityTypeKey, record.activityTypeId)
        return record
      },
      async createMany (workspaceId, inputs) {
        return await retrying(async () => await store.createMany(workspaceId, inputs))
      },
      async update (workspaceId, id, input) {
        const record = await retrying(async () => await store.update(workspaceId, id, input))
        if (record !== undefined) types.remember(workspaceId, input.activityTypeKey, record.activityTypeId)
        return record
      },
      async put (workspaceId, input) {
        const put = await retrying(async () => await store.put(workspaceId, input))
        types.remember(workspaceId, input.activityTypeKey, put.record.activityTypeId)
        return put
      },
      async putMany (workspaceId, inputs) {
        const outcomes = await retrying(async () => await store.putMany(workspaceId, inputs))
        outcomes.forEach((outcome, i) => { if (!('error' in outcome)) types.remember(workspaceId, inputs[i]!.activityTypeKey, outcome.record.activityTypeId) })
        return outcomes
      }
    })
  }
}

// The id a committed write found or made for a key stays right until the type is deleted, which only a type no
// activity uses can be: this process forgets it then, and another process that still remembers it fails its
// write on the activities' foreign key, forgets everything and tries again. Keeping them saves each activity write a
// round trip.

const MAX_ENTRIES = 10_000

/** Ids of activity types by workspace and key, as committed writes found them; a bounded, oldest-out map. */
class ActivityTypeIds {
  readonly #ids = new Map<string, string>()

  get (workspaceId: string, key: string): string | undefined {
    return this.#ids.get(`${workspaceId} ${key}`)
  }

  /** Forgets the type `id` of the workspace, by whatever key. */
  forgetId (workspaceId: string, id: string): void {
    for (const [entry, known] of this.#ids) if (known === id && entry.startsWith(`${workspaceId} `)) this.#ids.delete(entry)
  }

  clear (): void {
    this.#ids.clear()
  }

  /** The type a write of the key used; call only once the write is done. */
  remember (workspaceId: string, key: string | undefined, id: string): void {
    const entry = `${workspaceId} ${key}`
    if (key === undefined || this.#ids.has(entry)) return
    if (this.#ids.size >= MAX_ENTRIES) this.#ids.delete(this.#ids.keys().next().value!)
    this.#ids.set(entry, id)
  }
}
