import type { Block } from '../counted-index.js'
import { blockSeek, blocksToRebalance, cutPositions } from '../model/pulse-order.js'
import type { Db } from './database.js'

/**
 * The counted blocks of the members' pulse order (model/pulse-order.ts; migration 10 keeps their counts): the
 * stored order's rows at any position, and the cutting and joining of blocks, which runs before each commit of
 * the writer (onCommit), when the triggers listed a workspace (in member_pulse_blocks_due).
 */
export function sqlitePulseBlocks (db: Db, size: number, columns: string) {
  db.prepare('UPDATE member_pulse_block_size SET size = ?').run(size)
  const blocksOf = db.prepare('SELECT upper_pulse AS at, upper_id AS id, n FROM member_pulse_blocks WHERE workspace_id = ?')
  const listedWorkspaces = db.prepare('SELECT workspace_id FROM member_pulse_blocks_due').pluck()
  const clearListed = db.prepare('DELETE FROM member_pulse_blocks_due')
  const keysBelow = db.prepare(`SELECT pulse AS at, id FROM members WHERE workspace_id = ? AND (pulse, id) < (?, ?)
    ORDER BY pulse DESC, id DESC LIMIT ?`)
  const setCount = db.prepare('UPDATE member_pulse_blocks SET n = ? WHERE workspace_id = ? AND upper_pulse = ? AND upper_id = ?')
  const insertBlock = db.prepare('INSERT INTO member_pulse_blocks (workspace_id, upper_pulse, upper_id, n) VALUES (?, ?, ?, ?)')
  const deleteBlock = db.prepare('DELETE FROM member_pulse_blocks WHERE workspace_id = ? AND upper_pulse = ? AND upper_id = ?')
  const rowsBelow = db.prepare(`SELECT ${columns} FROM members WHERE workspace_id = @workspace_id AND (pulse, id) < (@at, @id)
    ORDER BY pulse DESC, id DESC LIMIT @limit OFFSET @skip`)

  /** Cuts a full block into blocks of `size` rows, from its top. */
  function cut (workspaceId: string, block: Block): void {
    const positions = cutPositions(block.n, size)
    const keys = keysBelow.all(workspaceId, block.at, block.id, positions.at(-1)! + 1) as Array<{ at: number, id: string }>
    setCount.run(size, workspaceId, block.at, block.id)
    positions.forEach((position, i) => {
      const key = keys[position]!
      insertBlock.run(workspaceId, key.at, key.id, i === positions.length - 1 ? block.n - (i + 1) * size : size)
    })
  }

  /** Joins a small block to the one above it (its boundary goes, so its rows fall into that block). */
  function join (workspaceId: string, block: Block, blocks: readonly Block[]): void {
    const above = blocks.filter((other) => other.at > block.at || (other.at === block.at && other.id > block.id))
      .reduce((lowest, other) => other.at < lowest.at || (other.at === lowest.at && other.id < lowest.id) ? other : lowest)
    deleteBlock.run(workspaceId, block.at, block.id)
    setCount.run(above.n + block.n, workspaceId, above.at, above.id)
  }

  /** Rebalances one workspace's blocks: joins then cuts, until none is full or small. */
  function rebalance (workspaceId: string): void {
    for (;;) {
      const blocks = blocksOf.all(workspaceId) as Block[]
      const { full, small } = blocksToRebalance(blocks, size)
      if (small.length > 0) join(workspaceId, small[0]!, blocks)
      else if (full.length > 0) for (const block of full) cut(workspaceId, block)
      else return
    }
  }

  return {
    /** Rebalances the blocks of the workspaces the triggers listed; runs inside the writer's transaction. */
    onCommit (): void {
      const workspaces = listedWorkspaces.all() as string[]
      if (workspaces.length === 0) return
      for (const workspaceId of workspaces) rebalance(workspaceId)
      clearListed.run()
    },

    /** `count` rows of the stored pulse order from `position` on, in the sort's direction. */
    rows (workspaceId: string, position: number, count: number, descending: boolean): unknown[] {
      const { before, skip, limit } = blockSeek(blocksOf.all(workspaceId) as Block[], position, count, descending)
      if (before === undefined || limit === 0) return []
      const rows = rowsBelow.all({ workspace_id: workspaceId, at: before.at, id: before.id, limit, skip })
      return descending ? rows : rows.reverse()
    }
  }
}
