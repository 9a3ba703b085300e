import { before, fullBlock, smallBlock, type Block, type Boundary } from '../counted-index.js'
import { afterCommit, allSettled, CONNECTION_SLOT, statement, transaction, type Counter, type Counters, type Db, type Pool } from './database.js'

/** The placeholders (or expressions) of a move: the key's time (epoch seconds) and id, and the delta. */
export interface Move {
  at: string
  id: string
  delta: string
}

export interface MoveResult {
  n: number | null
  open: number | null
}

// Any constant works: it names "counted list indexes" among the database's advisory locks.
const LOCK_CLASS = 730_145

/**
 * The counted index of one table's list order (src/store/counted-index.ts).
 *
 * Concurrency: every write that moves a count takes the list's advisory lock in shared mode, so writers do not
 * wait for each other; splitting, closing and merging blocks take it in exclusive mode, in a transaction of
 * their own after the write that found them due has committed. So block boundaries never move under a writer,
 * and the counts the exclusive holder reads include every committed write and no pending one: each change of
 * structure is exact. A structure change that fails (or a crash before it) loses nothing: counts stay exact and
 * the next write that finds it due runs it again.
 */
export function countedIndex (pool: Pool, counters: Counters, table: string, counter: Counter, blockSize: number) {
  const list = table
  const full = fullBlock(blockSize)
  const small = smallBlock(blockSize)
  const lockSql = (mode: string, workspaceId: string) => `${mode}(${LOCK_CLASS}, hashtext(${workspaceId}::text || '${list}'))::text`
  const lockShared = statement(`SELECT ${lockSql('pg_advisory_xact_lock_shared', '$1')}`)
  const lockExclusive = statement(`SELECT ${lockSql('pg_advisory_xact_lock', '$1')}`)
  const block = 'extract(epoch FROM upper_at)::float8 AS at, upper_id AS id, n::float8 AS n'
  /** The open block's count ($1 the workspace): the table's rows less those of closed blocks. */
  const openSql = `(${counters.total(counter)}) - (SELECT coalesce(sum(closed), 0)::float8 FROM list_counts WHERE workspace_id = $1 AND list = '${list}')`
  // The block holding a key gains or loses rows (and so the closed count), and the table's counter moves by as
  // many: the CTEs target, moved, closed and counted, for a statement whose $1 is the workspace. Both counts are
  // spread over rows as database.ts's counters are.
  const moveCtes = (key: Move) => `target AS (
      SELECT upper_at, upper_id FROM list_blocks WHERE workspace_id = $1 AND list = '${list}'
        AND (upper_at, upper_id) > (to_timestamp(${key.at}), ${key.id}::uuid) ORDER BY upper_at, upper_id LIMIT 1
    ), moved AS (
      UPDATE list_blocks b SET n = b.n + ${key.delta} FROM target
      WHERE b.workspace_id = $1 AND b.list = '${list}' AND b.upper_at = target.upper_at AND b.upper_id = target.upper_id
      RETURNING b.n
    ), closed AS (
      INSERT INTO list_counts (workspace_id, list, slot, closed) SELECT $1::uuid, '${list}', ${CONNECTION_SLOT}, ${key.delta}::int8 FROM moved
      ON CONFLICT (workspace_id, list, slot) DO UPDATE SET closed = list_counts.closed + excluded.closed
    ), counted AS (${counters.addSql(counter, '$1::uuid', `${key.delta}::int8`)})`
  // What `restructureIfNeeded` needs of them: the block's new count, and when `withOpen` holds and there is no block above the
  // key (the open block), the open count before this write.
  const moveResult = (withOpen: string) => `(SELECT n::float8 FROM moved) AS n,
      CASE WHEN ${withOpen} AND NOT EXISTS (SELECT 1 FROM moved) THEN ${openSql} END AS open`
  // $2 the key's time, $3 its id, $4 the delta, $5 whether to read the open count. One statement: a write sends it
  // with its others.
  const moveKey = statement<MoveResult>(`WITH ${moveCtes({ at: '$2', id: '$3', delta: '$4::int8' })} SELECT ${moveResult('$5::boolean')}`)
  // The open block's count is two sums over the count rows (a real share of a create's time on the server), a new row
  // lands in the open block at nearly every create, and it is full only after `blockSize` of them: so one add in
  // `checkEvery` asks for it (one in 15 at 1,000 rows a block, every one in tests' small blocks). The open block
  // may pass `full` by that many rows per process before a write finds it due; a restructure closes every full
  // block at once.
  const checkEvery = Math.max(1, Math.floor(blockSize / 64))
  let adds = 0
  /** Whether a write that moves the list by `delta` asks for the open count (moveResult's `withOpen`). */
  const shouldReadOpenCount = (delta: number) => delta > 0 && ++adds % checkEvery === 0
  const addClosed = statement(`INSERT INTO list_counts (workspace_id, list, slot, closed) VALUES ($1, $2, ${CONNECTION_SLOT}, $3)
    ON CONFLICT (workspace_id, list, slot) DO UPDATE SET closed = list_counts.closed + excluded.closed`)
  const readOpen = statement<{ open: number }>(`SELECT ${openSql} AS open`)
  const allBlocks = statement<Block>(`SELECT ${block} FROM list_blocks WHERE workspace_id = $1 AND list = $2
    ORDER BY upper_at, upper_id`)
  const blockAbove = statement<Block>(`SELECT ${block} FROM list_blocks WHERE workspace_id = $1 AND list = $2
    AND (upper_at, upper_id) > (to_timestamp($3), $4::uuid) ORDER BY upper_at, upper_id LIMIT 1`)
  const blocksWhere = (condition: string) => statement<Block>(`SELECT ${block} FROM list_blocks
    WHERE workspace_id = $1 AND list = $2 AND ${condition} ORDER BY upper_at, upper_id LIMIT 100`)
  const fullBlocks = blocksWhere(`n >= ${full}`)
  const smallBlocks = blocksWhere(`n < ${small}`)
  const selectBlock = statement<Block>(`SELECT ${block} FROM list_blocks
    WHERE workspace_id = $1 AND list = $2 AND upper_at = to_timestamp($3) AND upper_id = $4`)
  const bump = statement(`UPDATE list_blocks SET n = n + $5
    WHERE workspace_id = $1 AND list = $2 AND upper_at = to_timestamp($3) AND upper_id = $4`)
  const insertBlock = statement(`INSERT INTO list_blocks (workspace_id, list, upper_at, upper_id, n)
    VALUES ($1, $2, to_timestamp($3), $4, $5)`)
  const deleteBlock = statement(`DELETE FROM list_blocks
    WHERE workspace_id = $1 AND list = $2 AND upper_at = to_timestamp($3) AND upper_id = $4`)
  const key = 'extract(epoch FROM created_at)::float8 AS at, id'
  const rowBelow = statement<Boundary>(`SELECT ${key} FROM ${table} WHERE workspace_id = $1
    AND (created_at, id) < (to_timestamp($2), $3::uuid) ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET $4`)
  const topBlock = statement<Block>(`SELECT ${block} FROM list_blocks WHERE workspace_id = $1 AND list = $2
    ORDER BY upper_at DESC, upper_id DESC LIMIT 1`)
  // A block's upper boundary is exclusive: the open block starts at the top block's boundary row.
  const rowAbove = statement<Boundary>(`SELECT ${key} FROM ${table} WHERE workspace_id = $1
    AND (created_at, id) >= (to_timestamp($2), $3::uuid) ORDER BY created_at, id LIMIT 1 OFFSET $4`)
  const rowFromBottom = statement<Boundary>(`SELECT ${key} FROM ${table} WHERE workspace_id = $1
    ORDER BY created_at, id LIMIT 1 OFFSET $2`)

  const closedMoves = async (db: Db, workspaceId: string, delta: number) => {
    if (delta !== 0) await addClosed(db, workspaceId, list, delta)
  }
  const move = async (db: Db, workspaceId: string, at: Boundary, delta: number) =>
    await bump(db, workspaceId, list, at.at, at.id, delta)

  /** Splits full blocks, closes a full open block, merges small blocks: whatever is due, under the exclusive lock. */
  async function restructure (workspaceId: string): Promise<void> {
    await transaction(pool, async (tx) => {
      await lockExclusive(tx, workspaceId)
      // Close blocks from the bottom of the open block up, each found by a short walk from the one below it:
      // after a bulk import the open block can hold hundreds of thousands of rows, all closed in this pass.
      let [{ open }] = await readOpen(tx, workspaceId) as [{ open: number }]
      let [below] = await topBlock(tx, workspaceId, list) as Array<Boundary | undefined>
      while (open >= full) {
        const [cut] = (below === undefined
          ? await rowFromBottom(tx, workspaceId, blockSize)
          : await rowAbove(tx, workspaceId, below.at, below.id, blockSize)) as [Boundary]
        await insertBlock(tx, workspaceId, list, cut.at, cut.id, blockSize)
        await closedMoves(tx, workspaceId, blockSize)
        open -= blockSize
        below = cut
      }
      for (const full of await fullBlocks(tx, workspaceId, list)) {
        const lower = Math.floor(full.n / 2)
        const [middle] = await rowBelow(tx, workspaceId, full.at, full.id, full.n - lower - 1) as [Boundary]
        await insertBlock(tx, workspaceId, list, middle.at, middle.id, lower)
        await move(tx, workspaceId, full, -lower)
      }
      for (const candidate of await smallBlocks(tx, workspaceId, list)) {
        // An earlier merge of this pass may have grown it: read it again, with the block above it.
        const [current] = await selectBlock(tx, workspaceId, list, candidate.at, candidate.id)
        if (current === undefined || current.n >= small) continue
        const [above] = await blockAbove(tx, workspaceId, list, current.at, current.id)
        if (above !== undefined && above.n + current.n >= full) continue
        await deleteBlock(tx, workspaceId, list, current.at, current.id)
        if (above === undefined) await closedMoves(tx, workspaceId, -current.n)
        else await move(tx, workspaceId, above, current.n)
      }
    })
  }

  // The restructures running in this process, by workspace. Every writer that commits while a block is due finds
  // it due (ten connections, all of them at once), and each exclusive lock stops every writer of the list until
  // the writers before it end: one at a time covers them all.
  const running = new Set<string>()

  function restructureAfterCommit (db: Db, workspaceId: string): void {
    // A failed restructure, or a write it did not see, is handled by the next write that finds it due; the write
    // itself has committed.
    afterCommit(db, `${list}:${workspaceId}`, async () => {
      if (running.has(workspaceId)) return
      running.add(workspaceId)
      try {
        await restructure(workspaceId)
      } catch {
      } finally {
        running.delete(workspaceId)
      }
    })
  }

  /** After a move: a restructure once the write commits, when its block is now full or small (or the open block full). */
  function restructureIfNeeded (db: Db, workspaceId: string, result: MoveResult | undefined, delta: number): void {
    if (result?.n != null ? result.n >= full || result.n < small : result?.open != null && result.open + delta >= full) {
      restructureAfterCommit(db, workspaceId)
    }
  }

  return {
    /**
     * A row was added or removed (`delta`, at `key`): its block and the table's counter move. Call last in the
     * transaction but for other counters (the counter's row lock is held until commit).
     */
    async moved (db: Db, workspaceId: string, key: Boundary, delta: number): Promise<void> {
      // The shared lock is sent first, on the same connection, so the server holds it before the block moves.
      const [, [result]] = await allSettled([
        lockShared(db, workspaceId),
        moveKey(db, workspaceId, key.at, key.id, delta, shouldReadOpenCount(delta))
      ])
      restructureIfNeeded(db, workspaceId, result, delta)
    },

    /**
     * `moved` as fragments of a caller's statement ($1 the workspace), for a write that sends all of its own in one:
     * `lockSql` goes in an earlier statement of the transaction (or `lock`, that statement alone: a statement sees
     * what committed before it began, and the blocks must not move under it), `ctes` and `result` in that one, and
     * its row goes to `restructureIfNeeded`.
     */
    fragments: {
      lockSql: (workspaceId: string) => lockSql('pg_advisory_xact_lock_shared', workspaceId),
      lock: lockShared,
      ctes: moveCtes,
      result: moveResult,
      shouldReadOpenCount,
      restructureIfNeeded
    },

    /**
     * Rows were added (`delta` 1) or removed (-1), `keys` in ascending list order; call before the table's
     * counter moves. For many rows at once: one read of the blocks, one update per block that changed.
     */
    async changed (db: Db, workspaceId: string, keys: readonly Boundary[], delta: 1 | -1): Promise<void> {
      if (keys.length === 0) return
      const [, all, [{ open }]] = await allSettled([
        lockShared(db, workspaceId),
        allBlocks(db, workspaceId, list),
        readOpen(db, workspaceId) as Promise<[{ open: number }]>
      ])
      const counts = new Map<Block, number>()
      let i = 0
      for (const key of keys) {
        while (i < all.length && !before(key, all[i]!)) i++
        if (i === all.length) break
        counts.set(all[i]!, (counts.get(all[i]!) ?? 0) + 1)
      }
      const inClosed = [...counts.values()].reduce((sum, n) => sum + n, 0)
      await allSettled([...counts].map(async ([block, n]) => await move(db, workspaceId, block, delta * n)))
      await closedMoves(db, workspaceId, delta * inClosed)
      const unbalanced = [...counts].some(([block, n]) => block.n + delta * n >= full || block.n + delta * n < small)
      if (unbalanced || open + delta * (keys.length - inClosed) >= full) restructureAfterCommit(db, workspaceId)
    },

    /**
     * The statement of a page of the whole list, `columns` its select list: $1 the workspace, $2 the rows to skip
     * counted from the top ('desc') or the bottom ('asc', in $4), $3 the page size. Rows come highest first,
     * each with the list's total (a page past the end: one row holding only the total). One statement is one
     * snapshot, so the total, the blocks and the rows agree without a transaction, in one round trip; the
     * block holding the page's first row is found by summing block counts on the server (a few hundred
     * microseconds for a thousand blocks), and the page is read from that block's nearer boundary.
     */
    pageStatement<Row extends object> (columns: string) {
      const text = `WITH total AS (${counters.total(counter)}),
        closed AS (SELECT coalesce(sum(closed), 0)::int8 AS closed FROM list_counts WHERE workspace_id = $1 AND list = '${list}'),
        wanted AS (
          -- An ascending page is the descending page of the same rows: (offset, limit) mirrored.
          SELECT t.total, t.total - c.closed AS open,
            CASE WHEN $4::text = 'desc' THEN $2::int8 ELSE greatest(t.total - $2::int8 - $3::int8, 0) END AS off,
            CASE WHEN $4::text = 'desc' THEN $3::int8 ELSE least($3::int8, t.total - $2::int8) END AS lim
          FROM (SELECT total::int8 AS total FROM total) t, closed c
        ),
        found AS (
          SELECT b.upper_at, b.upper_id, b.lower_at, b.lower_id, b.n, w.off - w.open - (b.through - b.n) AS skip
          FROM wanted w, LATERAL (
            SELECT upper_at, upper_id, n, sum(n) OVER newest AS through,
              lead(upper_at) OVER newest AS lower_at, lead(upper_id) OVER newest AS lower_id
            FROM list_blocks WHERE workspace_id = $1 AND list = '${list}' AND w.off >= w.open
            WINDOW newest AS (ORDER BY upper_at DESC, upper_id DESC ROWS UNBOUNDED PRECEDING)
          ) b
          WHERE b.through > w.off - w.open
          ORDER BY b.upper_at DESC, b.upper_id DESC LIMIT 1
        ),
        -- A page in the lower half of its block (and within it, or the block is the lowest) is read upwards from
        -- the block's lower boundary: OFFSET skips fewer rows (none for the last page), and each row it skips
        -- is a heap fetch.
        way AS (
          SELECT w.*, f.*, coalesce(f.skip * 2 > f.n AND (f.skip + w.lim <= f.n OR f.lower_at IS NULL), false) AS upwards
          FROM wanted w LEFT JOIN found f ON true
        )
        -- The select list names its epoch seconds created_at: ORDER BY names the table's column, or it would sort
        -- by that expression, which no index holds, and every page would sort the whole workspace.
        SELECT way.total::float8 AS total, page.* FROM way LEFT JOIN LATERAL (
          (SELECT ${columns} FROM ${table} WHERE workspace_id = $1 AND way.off < way.total AND NOT way.upwards
            AND (created_at, id) < (coalesce(way.upper_at, 'infinity'), coalesce(way.upper_id, '${MAX_ID}'))
          ORDER BY ${table}.created_at DESC, ${table}.id DESC LIMIT greatest(way.lim, 0) OFFSET coalesce(way.skip, way.off))
          UNION ALL
          (SELECT ${columns} FROM ${table} WHERE workspace_id = $1 AND way.off < way.total AND way.upwards
            AND (created_at, id) >= (coalesce(way.lower_at, '-infinity'), coalesce(way.lower_id, '${MIN_ID}'))
          ORDER BY ${table}.created_at, ${table}.id
          LIMIT greatest(least(way.lim, way.n - way.skip), 0) OFFSET greatest(way.n - way.skip - way.lim, 0))
        ) page ON true
        ORDER BY page.created_at DESC, page.id DESC`
      return statement<Row & { total: number }>(text)
    }
  }
}

// Above and below every id: with them and an infinite time, the page statement reads from an end of the list.
const MAX_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
const MIN_ID = '00000000-0000-0000-0000-000000000000'
