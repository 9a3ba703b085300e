import { before, fullBlock, smallBlock, seek, type Block, type Boundary, type Seek } from '../counted-index.js'
import type { Counter, Counters, Db } from './database.js'

/**
 * The counted index of one table's list order (src/store/counted-index.ts). Its writes run inside the callers'
 * transactions, after the table's counter moved: SQLite has one writer at a time, so the blocks are split and
 * merged on the spot.
 */
export function countedIndex (db: Db, counters: Counters, table: string, counter: Counter, blockSize: number) {
  const list = table
  const full = fullBlock(blockSize)
  const small = smallBlock(blockSize)
  const inList = 'workspace_id = ? AND list = ?'
  const blockAbove = db.prepare(`SELECT upper_at AS at, upper_id AS id, n FROM list_blocks
    WHERE ${inList} AND (upper_at, upper_id) > (?, ?) ORDER BY upper_at, upper_id LIMIT 1`)
  const blocks = {
    descending: db.prepare(`SELECT upper_at AS at, upper_id AS id, n FROM list_blocks WHERE ${inList}
      ORDER BY upper_at DESC, upper_id DESC`),
    ascending: db.prepare(`SELECT upper_at AS at, upper_id AS id, n FROM list_blocks WHERE ${inList}
      ORDER BY upper_at, upper_id`)
  }
  const topBlock = db.prepare(`SELECT upper_at AS at, upper_id AS id, n FROM list_blocks WHERE ${inList}
    ORDER BY upper_at DESC, upper_id DESC LIMIT 1`)
  const selectBlock = db.prepare(`SELECT upper_at AS at, upper_id AS id, n FROM list_blocks
    WHERE ${inList} AND upper_at = ? AND upper_id = ?`)
  const bump = db.prepare(`UPDATE list_blocks SET n = n + ? WHERE ${inList} AND upper_at = ? AND upper_id = ?`)
  const insertBlock = db.prepare('INSERT INTO list_blocks (workspace_id, list, upper_at, upper_id, n) VALUES (?, ?, ?, ?, ?)')
  const deleteBlock = db.prepare(`DELETE FROM list_blocks WHERE ${inList} AND upper_at = ? AND upper_id = ?`)
  const readClosed = db.prepare(`SELECT closed FROM list_counts WHERE ${inList}`).pluck()
  const addClosed = db.prepare(`INSERT INTO list_counts (workspace_id, list, closed) VALUES (?, ?, ?)
    ON CONFLICT (workspace_id, list) DO UPDATE SET closed = closed + excluded.closed`)
  // The row `skip` places below a boundary (or below the top), in list order.
  const rowBelow = db.prepare(`SELECT created_at AS at, id FROM ${table} WHERE workspace_id = ? AND (created_at, id) < (?, ?)
    ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?`)
  const rowFromTop = db.prepare(`SELECT created_at AS at, id FROM ${table} WHERE workspace_id = ?
    ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?`)

  const closedOf = (workspaceId: string) => (readClosed.get(workspaceId, list) as number | undefined) ?? 0
  const blockOf = (workspaceId: string, key: Boundary) => blockAbove.get(workspaceId, list, key.at, key.id) as Block | undefined
  function move (workspaceId: string, block: Boundary, delta: number): void {
    bump.run(delta, workspaceId, list, block.at, block.id)
  }
  function closedMoves (workspaceId: string, delta: number): void {
    if (delta !== 0) addClosed.run(workspaceId, list, delta)
  }

  /** Cuts a full block in two at its middle row, and each part again while it is full. */
  function split (workspaceId: string, block: Block): void {
    if (block.n < full) return
    const lower = Math.floor(block.n / 2)
    const middle = rowBelow.get(workspaceId, block.at, block.id, block.n - lower - 1) as Boundary
    insertBlock.run(workspaceId, list, middle.at, middle.id, lower)
    move(workspaceId, block, -lower)
    split(workspaceId, { ...middle, n: lower })
    split(workspaceId, { ...block, n: block.n - lower })
  }

  /** A small block joins the block above it, or the open block when it is the highest. */
  function shrink (workspaceId: string, block: Block): void {
    if (block.n >= small) return
    const above = blockOf(workspaceId, block)
    if (above !== undefined && above.n + block.n >= full) return
    deleteBlock.run(workspaceId, list, block.at, block.id)
    if (above === undefined) closedMoves(workspaceId, -block.n)
    else move(workspaceId, above, block.n)
  }

  return {
    /** Rows were added (their table's counter already counts them). */
    added (workspaceId: string, keys: readonly Boundary[]): void {
      // A key at or above the highest block's boundary is in the open block (every key, when importing in time
      // order): only the others look for their block.
      const top = topBlock.get(workspaceId, list) as Block | undefined
      const grown = new Map<string, Block>()
      for (const key of keys) {
        if (top === undefined || !before(key, top)) continue
        const block = blockOf(workspaceId, key)!
        const seen = grown.get(`${block.at} ${block.id}`)
        if (seen === undefined) grown.set(`${block.at} ${block.id}`, { ...block, n: 1 })
        else seen.n++
      }
      for (const gained of grown.values()) move(workspaceId, gained, gained.n)
      closedMoves(workspaceId, [...grown.values()].reduce((sum, gained) => sum + gained.n, 0))
      for (const gained of grown.values()) split(workspaceId, selectBlock.get(workspaceId, list, gained.at, gained.id) as Block)
      let open = counters.get(workspaceId, counter) - closedOf(workspaceId)
      while (open >= full) {
        // The open block's lowest blockSize rows become a block.
        const cut = rowFromTop.get(workspaceId, open - blockSize - 1) as Boundary
        insertBlock.run(workspaceId, list, cut.at, cut.id, blockSize)
        closedMoves(workspaceId, blockSize)
        open -= blockSize
      }
    },

    /** Rows were removed (already deleted and uncounted); `keys` in ascending list order. */
    removed (workspaceId: string, keys: readonly Boundary[]): void {
      const touched: Block[] = []
      let current: Block | undefined
      for (const key of keys) {
        if (current === undefined || !before(key, current)) {
          current = blockOf(workspaceId, key)
          if (current === undefined) break
          touched.push(current = { ...current, n: 0 })
        }
        current.n++
      }
      for (const block of touched) move(workspaceId, block, -block.n)
      closedMoves(workspaceId, -touched.reduce((sum, block) => sum + block.n, 0))
      for (const { at, id } of touched) {
        // Read again: an earlier shrink may have merged this block into the one above.
        const block = selectBlock.get(workspaceId, list, at, id) as Block | undefined
        if (block !== undefined) shrink(workspaceId, block)
      }
    },

    /** Where the page at `offset` (descending) starts, for a list of `total` rows. */
    seek (workspaceId: string, offset: number, total: number): Seek {
      return seek(offset, total, closedOf(workspaceId), (descending) =>
        (descending ? blocks.descending : blocks.ascending).iterate(workspaceId, list) as Iterable<Block>)
    }
  }
}
