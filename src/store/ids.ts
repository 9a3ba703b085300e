import { randomFillSync } from 'node:crypto'
import { v7 } from 'uuid'

// UUIDv7 ids are time-ordered: records created within one second still list newest first under the
// `id desc` tie-break, and inserts land at the right edge of the (workspace_id, id) index.
//
// uuid draws each id's 16 random bytes through WebCrypto's getRandomValues, a costly call per id on Node 20
// (docs/performance.md); here they come from a pool refilled 4 KiB at a time. Given its
// random bytes, uuid keeps no state, so the order within a millisecond is kept here as uuid keeps it itself: a
// random 31-bit counter from the first id of each millisecond, then + 1 per id (a wrap moves to the next ms).

const pool = Buffer.alloc(4096)
let used = pool.length
let msecs = -Infinity
let seq = 0

function random16 (): Buffer {
  if (used === pool.length) {
    randomFillSync(pool)
    used = 0
  }
  used += 16
  return pool.subarray(used - 16, used)
}

export function newId (): string {
  const random = random16()
  const now = Date.now()
  if (now > msecs) {
    seq = random.readUInt32BE(6) & 0x7fffffff
    msecs = now
  } else {
    seq = (seq + 1) | 0
    if (seq === 0) msecs++
  }
  return v7({ random, msecs, seq })
}
