// A counted index over a list's order (createdAt desc, id desc), so a page at any depth costs what the first
// does: SQL OFFSET reads every row it skips, which on a list of a million is seconds for the last page.
//
// The rows of a list are cut at boundary keys (createdAt, id) into blocks; each block row stores its upper
// boundary (exclusive) and how many rows lie between the boundary below it and that one. Rows above the highest
// boundary form the open block, whose count is the list's total (a kept counter) minus the sum of the blocks
// (`closed`, kept too). New records land in the open block (their createdAt is now), so the common write
// touches no block; a backfill or a delete below the highest boundary bumps one block and `closed`.
// Blocks hold about BLOCK_SIZE rows: one of twice that is split in two, a full open block gives its lowest
// BLOCK_SIZE rows to a new block, and a block fallen under a quarter of that joins the block above it.
//
// Page N: sum block counts from the nearer end of the list to the block holding the page's first row, then
// read from that block's upper boundary, skipping fewer than 2 * BLOCK_SIZE rows of one index range.

/** Rows per block as blocks are cut; a store may be opened with smaller blocks (tests). */
export const BLOCK_SIZE = 1000
/** A block of this many rows is split in two. */
export const fullBlock = (size: number) => 2 * size
/** A block under this many rows joins the block above it. */
export const smallBlock = (size: number) => Math.ceil(size / 4)

/** A boundary key: rows of the list order below it (createdAt, id), exclusive. */
export interface Boundary {
  at: number
  id: string
}

export interface Block extends Boundary {
  n: number
}

/**
 * Where a page starts: read the list in its order from just below `before` (from the top when absent) and skip
 * `skip` rows.
 */
export interface Seek {
  before?: Boundary
  skip: number
}

/**
 * Finds the start of the page at `offset` (rows from the top of the list, descending), given the list's total,
 * the rows in blocks (`closed`), and the blocks read from the top (descending) or from the bottom (ascending):
 * `blocks(true)` must yield the blocks highest first, `blocks(false)` lowest first. Walks from the nearer end.
 */
export function seek (offset: number, total: number, closed: number, blocks: (descending: boolean) => Iterable<Block>): Seek {
  const open = total - closed
  if (offset < open || offset >= total) return { skip: offset }
  const into = offset - open
  if (walksDown(offset, total, closed)) {
    let above = 0
    for (const block of blocks(true)) {
      if (above + block.n > into) return { before: block, skip: into - above }
      above += block.n
    }
  } else {
    // Counted from the bottom: `position` is the row's place in ascending order within the blocks.
    const position = closed - 1 - into
    let below = 0
    for (const block of blocks(false)) {
      if (below + block.n > position) return { before: block, skip: below + block.n - 1 - position }
      below += block.n
    }
  }
  throw new Error('counted index out of step with its counts')
}

/** Whether `key` lies below `bound` in ascending list order. */
export const before = (key: Boundary, bound: Boundary) => key.at < bound.at || (key.at === bound.at && key.id < bound.id)

/** Ascending list order of keys. */
export const byKey = (a: Boundary, b: Boundary) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** Whether `seek` reads the blocks from the top (the offset lies in the upper half of the blocks). */
function walksDown (offset: number, total: number, closed: number): boolean {
  return offset - (total - closed) < closed / 2
}

/**
 * The descending page (offset, limit) that holds an ascending page: the same rows, in reverse order.
 * Ascending pages are served by the same index, read from the other end.
 */
export function mirror (offset: number, limit: number, total: number): { offset: number, limit: number } {
  const start = total - offset - limit
  return start >= 0 ? { offset: start, limit } : { offset: 0, limit: Math.max(0, limit + start) }
}

/** The direction of a sort the counted index serves (createdAt either way), or undefined. */
export function countedOrder (sort: string): 'asc' | 'desc' | undefined {
  return sort === '-createdAt' ? 'desc' : sort === 'createdAt' ? 'asc' : undefined
}
