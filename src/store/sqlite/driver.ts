import { createRequire } from 'node:module'
import type BetterSqlite3 from 'better-sqlite3'

// better-sqlite3 12 and older crash Node.js 24.19 and later (a Statement finalised by the garbage collector
// outside a JavaScript context aborts the process), so the driver is better-sqlite3 13: Node-API, prebuilt in
// its package. It needs Node-API 10 (Node.js 22.14 and later) and crashes on older runtimes, which get
// better-sqlite3 12 instead, installed under another name as an optional dependency and built at install.
// Both have the same API; README "Node.js versions" says why Node.js 20 is still served.
const require = createRequire(import.meta.url)
const driverModule = Number(process.versions.napi) >= 10 ? 'better-sqlite3' : 'better-sqlite3-node20'

/** Where the driver's module is, for a worker thread to load the same one. */
export const driverPath = resolveDriver()

export const Database: typeof BetterSqlite3 = require(driverPath)

function resolveDriver (): string {
  try {
    return require.resolve(driverModule)
  } catch {
    throw new Error(`Node.js ${process.versions.node} needs the SQLite driver ${driverModule}, which is not installed: on Node.js before ` +
      '22.14 it is built by npm install, which needs python3, make and g++. Install them and run npm install again, or use Node.js 22.14 or later.')
  }
}
