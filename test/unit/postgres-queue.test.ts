import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { test } from 'node:test'

// postgres.js keeps its connections in queues (src/queue.js) that `shift` leaves a hole in, cleared only when a shift
// empties the queue. Its pool takes a busy connection with `shift` to send it one more statement, then moves it
// back with `remove` (which searches the whole array, holes included) and `push`: under steady load the busy queue
// never empties, and it grew by one slot per statement for the process's whole life (get member fell from 11,556
// to 3,151 a second in 70 s). patches/postgres+3.4.9.patch drops the holes once they are half of the array; npm
// applies it after every install (the postinstall script).

type Queue = { push: (x: unknown) => unknown, shift: () => unknown, remove: (x: unknown) => unknown, length: number }
type QueueModule = { default: (initial?: unknown[]) => Queue }

// The package's exports do not name its files, so they are loaded by path: each build, as each runtime loads it.
const root = join(dirname(createRequire(import.meta.url).resolve('postgres')), '..', '..')
const builds = ['src/queue.js', 'cjs/src/queue.js', 'cf/src/queue.js']

for (const build of builds) {
  test(`postgres.js's connection queues stay as long as what they hold under steady load (${build})`, async () => {
    const { default: Queue } = await import(pathToFileURL(join(root, build)).href) as QueueModule
    // Every array the queue keeps is made from `initial` (its slice, and the slices of it), so it can be watched.
    const arrays: unknown[][] = []
    class Watched extends Array {
      // Array's species constructor: slice() calls it with the new array's length.
      constructor (length = 0) {
        super(length)
        arrays.push(this)
      }
    }
    const busy = Queue(new Watched())
    const connections = Array.from({ length: 10 }, (_, i) => ({ id: i }))
    for (const connection of connections) busy.push(connection)
    for (let i = 0; i < 100_000; i++) {
      // What the pool does to send a statement down a busy connection: take the first, move it to the back.
      const connection = busy.shift()
      busy.remove(connection)
      busy.push(connection)
    }
    assert.equal(busy.length, 10)
    const longest = Math.max(...arrays.map((array) => array.length))
    assert.ok(longest < 100, `an array of ${longest} slots holds 10 connections`)
    // And in order: each connection once, first in, first out.
    const out = Array.from({ length: 10 }, () => busy.shift())
    assert.deepEqual(new Set(out).size, 10)
  })
}
