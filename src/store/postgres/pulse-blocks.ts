import { fullBlock, smallBlock, type Block } from '../counted-index.js'
import { blockSeek, blocksToRebalance, cutPositions, TOP_BLOCK } from '../model/pulse-order.js'
import type { MemberRow } from '../model/records.js'
import { statement, transaction, type Db, type Pool } from './database.js'

// The class of the workspace's advisory lock that migration 10's trigger takes in shared mode.
const LOCK_CLASS = 730_146

/**
 * The counted blocks of the members' pulse order (model/pulse-order.ts; migration 10's trigger keeps their counts):
 * the stored order's rows at any position, and the cutting and joining of blocks, which runs in the background
 * (the refresher's rounds) under the workspace's exclusive lock, skipped while a writer holds it.
 */
export function postgresPulseBlocks (pool: Pool, size: number, readList: string) {
  const blocksOf = statement<Block>(`SELECT upper_pulse::float8 AS at, upper_id::text AS id, sum(n)::float8 AS n
    FROM member_pulse_blocks WHERE workspace_id = $1 GROUP BY upper_pulse, upper_id`)
  const unbalancedWorkspaces = statement<{ workspace_id: string }>(`SELECT DISTINCT workspace_id FROM (
      SELECT workspace_id, upper_pulse, sum(n) AS n FROM member_pulse_blocks GROUP BY workspace_id, upper_pulse, upper_id) b
    WHERE n >= $1 OR (n < $2 AND upper_pulse < ${TOP_BLOCK.at})`)
  const tryLock = statement<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(${LOCK_CLASS}, hashtext($1::text)) AS locked`)
  const keysBelow = statement<{ at: number, id: string }>(`SELECT pulse::float8 AS at, id::text AS id FROM members
    WHERE workspace_id = $1 AND (pulse, id) < ($2::float8, $3::uuid) ORDER BY pulse DESC, id DESC LIMIT $4`)
  const clearBlock = statement('DELETE FROM member_pulse_blocks WHERE workspace_id = $1 AND upper_pulse = $2 AND upper_id = $3')
  const insertBlock = statement('INSERT INTO member_pulse_blocks (workspace_id, upper_pulse, upper_id, slot, n) VALUES ($1, $2, $3, 0, $4)')
  const rowsBelow = statement<MemberRow>(`SELECT ${readList} FROM members WHERE workspace_id = $1 AND (pulse, id) < ($2::float8, $3::uuid)
    ORDER BY pulse DESC, id DESC LIMIT $4 OFFSET $5`)

  /** A block's rows as one count in slot 0. */
  async function setCount (tx: Db, workspaceId: string, block: Block, n: number): Promise<void> {
    await clearBlock(tx, workspaceId, block.at, block.id)
    await insertBlock(tx, workspaceId, block.at, block.id, n)
  }

  /** Cuts a full block into blocks of `size` rows, from its top. */
  async function cut (tx: Db, workspaceId: string, block: Block): Promise<void> {
    const positions = cutPositions(block.n, size)
    const keys = await keysBelow(tx, workspaceId, block.at, block.id, positions.at(-1)! + 1)
    await setCount(tx, workspaceId, block, size)
    for (const [i, position] of positions.entries()) {
      const key = keys[position]!
      await insertBlock(tx, workspaceId, key.at, key.id, i === positions.length - 1 ? block.n - (i + 1) * size : size)
    }
  }

  /** Joins a small block to the one above it (its boundary goes, so its rows fall into that block). */
  async function join (tx: Db, workspaceId: string, block: Block, blocks: readonly Block[]): Promise<void> {
    const above = blocks.filter((other) => other.at > block.at || (other.at === block.at && other.id > block.id))
      .reduce((lowest, other) => other.at < lowest.at || (other.at === lowest.at && other.id < lowest.id) ? other : lowest)
    await clearBlock(tx, workspaceId, block.at, block.id)
    await setCount(tx, workspaceId, above, above.n + block.n)
  }

  /** Rebalances one workspace's blocks (joins, then cuts, until none is full or small), unless a writer holds its lock. */
  async function rebalance (workspaceId: string): Promise<void> {
    await transaction(pool, async (tx) => {
      const [{ locked }] = await tryLock(tx, workspaceId) as [{ locked: boolean }]
      if (!locked) return
      for (;;) {
        const blocks = await blocksOf(tx, workspaceId)
        const { full, small } = blocksToRebalance(blocks, size)
        if (small.length > 0) await join(tx, workspaceId, small[0]!, blocks)
        else if (full.length > 0) for (const block of full) await cut(tx, workspaceId, block)
        else return
      }
    })
  }

  return {
    /** Rebalances the blocks of every workspace that needs it; answers how many workspaces it looked at. */
    async rebalanceAll (): Promise<number> {
      const workspaces = await unbalancedWorkspaces(pool, fullBlock(size), smallBlock(size))
      for (const { workspace_id: workspaceId } of workspaces) await rebalance(workspaceId)
      return workspaces.length
    },

    /** A workspace's blocks, each with its count, in `tx`'s snapshot. */
    blocks: async (tx: Db, workspaceId: string): Promise<Block[]> => await blocksOf(tx, workspaceId),

    /** `count` rows of the stored pulse order from `position` on, in the sort's direction, from its `blocks`. */
    async rows (tx: Db, workspaceId: string, blocks: readonly Block[], position: number, count: number, descending: boolean): Promise<MemberRow[]> {
      const { before, skip, limit } = blockSeek(blocks, position, count, descending)
      if (before === undefined || limit === 0) return []
      const rows = await rowsBelow(tx, workspaceId, before.at, before.id, limit, skip)
      return descending ? rows : rows.reverse()
    }
  }
}
