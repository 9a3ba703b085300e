import { StoreUnavailableError, type Store, type StoreMetric, type TransferCursor } from '../types.js'
import { postgresActivities } from './activities.js'
import { connect, connectionOf, counters, limitQueue, poolStats, postgresDriver, statement, type Db, type Pool, type PostgresOptions } from './database.js'
import { postgresMembers } from './members.js'
import { migrate } from './migrate.js'
import { backfillMemberKeys } from '../backfill.js'
import * as sql from './sql.js'
import { BLOCK_SIZE } from '../counted-index.js'
import { recordTable } from './record-table.js'
import { channels, companies } from '../model/resources.js'
import { toChannel, toCompany } from '../model/records.js'
import { nowSeconds } from '../../domain/time.js'
import { startRefresher } from '../refresher.js'
import { postgresActivityTypes } from './activity-types.js'
import { postgresEngagement } from './engagement.js'
import { postgresIdentity } from './identity.js'
import { merges as mergeStore } from '../merges.js'
import { idempotency as keyedAnswers, PURGE_INTERVAL_MS } from '../idempotency.js'
import { transfer, type TransferTable } from '../transfer.js'
import { fastPaths } from './fast-paths.js'
import type { BaseRow } from '../model/records.js'
import { refusalsOf } from '../refusals.js'

/** A record table's part in a transfer: its pages, and its rows restored as they are. */
const transferOf = <Row extends BaseRow>(pool: Pool, table: {
  pageAfter: (db: Db, workspaceId: string, after: TransferCursor | undefined, limit: number) => Promise<Row[]>
  restoreRows: (db: Db, workspaceId: string, rows: readonly Row[]) => Promise<void>
}): TransferTable => ({
    pageAfter: async (workspaceId, after, limit) => await table.pageAfter(pool, workspaceId, after, limit),
    restore: async (tx, workspaceId, rows) => await table.restoreRows(connectionOf(tx), workspaceId, rows as readonly Row[])
  })

const selectOne = statement('SELECT 1')

/**
 * How long readiness waits for the database to answer: a probe that hangs cannot take an instance out of a load
 * balancer. A probe that has no connection yet gives up sooner when acquireTimeoutMs is shorter.
 */
const READY_TIMEOUT_MS = 750

export interface PostgresStoreOptions extends PostgresOptions {
  /** The fast paths of writes (fast-paths.ts; STORE_FAST_PATHS): on unless false. */
  fastPaths?: boolean
}

/** Connects a pool to `url`, brings the schema up to date, and returns the store on that pool. */
export async function openPostgresStore (url: string, options: PostgresStoreOptions): Promise<Store> {
  const pool = connect(url, options)
  const driver = postgresDriver(pool)
  try {
    await migrate(pool)
    await backfillMemberKeys(driver, sql.backfill)
  } catch (error) {
    await pool.end({ timeout: 1 })
    throw error
  }
  limitQueue(pool, options)
  const counts = counters()
  const blockSize = options.listBlockSize ?? BLOCK_SIZE
  const clock = options.clock ?? nowSeconds
  const engagement = postgresEngagement(pool, clock)
  const fast = options.fastPaths === false ? undefined : fastPaths()
  const upkeep = async () => {
    await engagement.refreshAll()
    await members.rebalancePulseBlocks()
  }
  const refresher = startRefresher(upkeep)
  const identity = postgresIdentity(pool, clock)
  const companyTable = recordTable(pool, counts, blockSize, clock, companies, toCompany, {
    written: identity.attachMembers,
    beforeDelete: async (db, row) => await members.companyRemoving(db, row.workspace_id, row.id)
  }, fast)
  const members = postgresMembers(pool, counts, blockSize, clock, engagement, identity.attachMembersOf(companyTable), identity.eraseCompanyOf(companyTable),
    identity.memberBatch(companyTable), fast)
  const idempotency = keyedAnswers(driver, sql.idempotency, clock)
  const merges = mergeStore(driver, sql.merges, clock, {
    find: async (tx, workspaceId, id, lock) => await members.table.find(connectionOf(tx), workspaceId, id, lock),
    writeRow: async (tx, next, previous) => await members.table.writeRow(connectionOf(tx), next, previous),
    restoreRow: async (tx, row) => await members.table.restoreRow(connectionOf(tx), row),
    deleteRow: async (tx, row) => await members.table.deleteRow(connectionOf(tx), row),
    recordsOf: async (tx, rows, now) => await members.recordsOf(connectionOf(tx), rows, now)
  })
  const purger = startRefresher(async () => await idempotency.purge() + await merges.expire(), PURGE_INTERVAL_MS)
  const channelTable = recordTable(pool, counts, blockSize, clock, channels, toChannel, {
    beforeDelete: async (db, row) => await engagement.channelRemoving(db, row.workspace_id, row.id, clock())
  }, fast)
  const activities = postgresActivities(pool, counts, blockSize, clock, engagement, members.table, fast)
  const activityTypes = postgresActivityTypes(pool, counts, clock, engagement, refresher)
  return {
    companies: companyTable.operations,
    members: members.store,
    activities: activities.store,
    channels: channelTable.operations,
    activityTypes: fast?.activityTypes(activityTypes.store) ?? activityTypes.store,
    engagement: engagement.engagement,
    identity: identity.identity,
    merges,
    idempotency,
    transfer: transfer(driver, {
      channels: transferOf(pool, channelTable),
      activityTypes: transferOf(pool, {
        pageAfter: activityTypes.table.pageAfter,
        // One at a time: the type's check (a new key, channels of the workspace) reads one row.
        restoreRows: async (db, _, rows) => { for (const row of rows) await activityTypes.table.restoreRow(db, row) }
      }),
      companies: transferOf(pool, companyTable),
      members: transferOf(pool, members.table),
      activities: transferOf(pool, { pageAfter: activities.table.pageAfter, restoreRows: activities.restore })
    }),
    async atomically (work) {
      return await driver.unit(async (tx) => await driver.join(tx, work))
    },
    clock,
    maintain: upkeep,
    async ping () {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new StoreUnavailableError(new Error(`the database did not answer within ${READY_TIMEOUT_MS} ms`))), READY_TIMEOUT_MS)
      })
      try {
        await Promise.race([selectOne(pool), late])
      } finally {
        clearTimeout(timer)
      }
    },
    async close () {
      await refresher.stop()
      await purger.stop()
      // In-flight queries get a few seconds to finish; then their connections are closed.
      await pool.end({ timeout: 5 })
    },
    metrics: () => postgresMetrics(pool),
    refusing: () => refusalsOf(pool).current()
  }
}

function postgresMetrics (pool: Pool): StoreMetric[] {
  const stats = poolStats(pool) ?? { poolSize: 0, inFlight: 0, refused: 0, abandoned: 0, transactions: 0, transactionWaitSeconds: 0 }
  return [
    { name: 'postgres_pool_size', type: 'gauge', help: 'Connections the pool may open (DATABASE_POOL_SIZE)', value: stats.poolSize },
    { name: 'postgres_operations_in_flight', type: 'gauge', help: 'Store operations running or waiting for a connection', value: stats.inFlight },
    { name: 'postgres_operations_refused_total', type: 'counter', help: 'Operations refused because DATABASE_POOL_SIZE + DATABASE_QUEUE_LIMIT were in flight', value: stats.refused },
    { name: 'postgres_operations_abandoned_total', type: 'counter', help: 'Operations that gave up waiting for a connection (refused, or none within DATABASE_ACQUIRE_TIMEOUT_MS) and sent nothing', value: stats.abandoned },
    { name: 'postgres_transactions_total', type: 'counter', help: 'Transactions begun (each attempt of a retried one)', value: stats.transactions },
    { name: 'postgres_transaction_wait_seconds_total', type: 'counter', help: 'Time transactions waited for a connection and their BEGIN', value: stats.transactionWaitSeconds },
    ...refusalsOf(pool).metrics()
  ]
}
