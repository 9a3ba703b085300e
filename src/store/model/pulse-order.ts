import { fullBlock, mirror, seek, smallBlock, type Block, type Seek } from '../counted-index.js'
import { isExact } from './engagement.js'
import type { MemberRow } from './records.js'

// Deep pages of the members' pulse order (docs/engagement.md): the members of a workspace in (stored pulse, id)
// order are cut into counted blocks (the migrations' member_pulse_blocks, kept exact by triggers), so the rows at
// any position of that order are found by summing block counts and skipping fewer than a block's rows.
// The stored order is the true order except for the stale members (their stored pulse may be too high), which a
// list by pulse reads and computes anyway; the page's exact members come from the stored order around them.

/** The boundary of a workspace's top block: above every member's (pulse, id). */
export const TOP_BLOCK = { at: 9_007_199_254_740_991, id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' }

/** Whether a list by pulse is the whole pulse order (no filter but the sort), which the counted blocks serve. */
export const isWholePulseOrder = (request: { sort?: string }, whole: { where: readonly string[] } | undefined): boolean =>
  whole?.where.length === 0 && (request.sort === '-pulse' || request.sort === 'pulse')

/** Where the `count` rows from `position` (in the sort's direction) start in descending order, from the blocks. */
export function blockSeek (blocks: readonly Block[], position: number, count: number, descending: boolean): Seek & { limit: number } {
  const total = blocks.reduce((sum, block) => sum + block.n, 0)
  const window = descending ? { offset: position, limit: count } : mirror(position, count, total)
  const descendingBlocks = [...blocks].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
  const found = seek(window.offset, total, total, (topFirst) => topFirst ? descendingBlocks : [...descendingBlocks].reverse())
  return { ...found, limit: window.limit }
}

/**
 * The exact members of a window of the pulse order: `read` is the stored order from `from` on (at least the
 * window's length plus one row per stale member), `staleRows` every stale member with its stored pulse. Answers
 * the exact rows read and the position of the first among the exact members only (model/engagement.ts
 * mergedPage): `from` less the stale members stored before it.
 */
export function exactOfStored (read: readonly MemberRow[], staleRows: readonly MemberRow[], from: number, now: number,
  order: (a: MemberRow, b: MemberRow) => number): { exact: MemberRow[], from: number } {
  const first = read[0]
  if (first === undefined) return { exact: [], from }
  const staleBefore = staleRows.filter((row) => order(row, first) < 0).length
  return { exact: read.filter((row) => isExact(row, now)), from: from - staleBefore }
}

/** What a workspace's blocks need: the full ones cut, the small ones (below the top) joined to the block above. */
export function blocksToRebalance (blocks: readonly Block[], size: number): { full: Block[], small: Block[] } {
  return {
    full: blocks.filter((block) => block.n >= fullBlock(size)),
    small: blocks.filter((block) => block.n < smallBlock(size) && block.at < TOP_BLOCK.at)
  }
}

/** The boundaries that cut a full block of `n` rows into pieces of `size`: the keys at rows size, 2 size... from its top. */
export const cutPositions = (n: number, size: number): number[] =>
  Array.from({ length: Math.floor(n / size) - 1 }, (_, i) => (i + 1) * size - 1)
