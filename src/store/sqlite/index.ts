import type { Store, StoreMetric, TransferCursor } from '../types.js'
import { sqliteActivities } from './activities.js'
import { startCheckpointer, type Checkpointer } from './checkpointer.js'
import { counters, gateCommits, openDatabase, sqliteDriver, writerStatsOf, type Db, type SqliteOptions } from './database.js'
import { sqliteMembers } from './members.js'
import { backfillMemberKeys } from '../backfill.js'
import * as sql from './sql.js'
import { BLOCK_SIZE } from '../counted-index.js'
import { recordTable } from './record-table.js'
import { channels, companies } from '../model/resources.js'
import { toChannel, toCompany } from '../model/records.js'
import { nowSeconds } from '../../domain/time.js'
import { sqliteEngagement } from './engagement.js'
import { sqliteActivityTypes } from './activity-types.js'
import { startRefresher } from '../refresher.js'
import { idempotency as keyedAnswers, PURGE_INTERVAL_MS } from '../idempotency.js'
import { sqliteIdentity } from './identity.js'
import { merges as mergeStore } from '../merges.js'
import { transfer, type TransferTable } from '../transfer.js'
import type { BaseRow } from '../model/records.js'
import { refusalsOf } from '../refusals.js'

/** A record table's part in a transfer: its pages, and its rows restored as they are (at once, in the transaction). */
const transferOf = <Row extends BaseRow>(table: {
  pageAfter: (workspaceId: string, after: TransferCursor | undefined, limit: number) => Row[]
  restoreRows: (workspaceId: string, rows: readonly Row[]) => void
}): TransferTable => ({
    pageAfter: async (workspaceId, after, limit) => table.pageAfter(workspaceId, after, limit),
    restore: async (_, workspaceId, rows) => table.restoreRows(workspaceId, rows as readonly Row[])
  })

export async function openSqliteStore (path: string, options: SqliteOptions): Promise<Store> {
  const db = openDatabase(path, options)
  const driver = sqliteDriver(db)
  await backfillMemberKeys(driver, sql.backfill)
  const counts = counters(db)
  const blockSize = options.listBlockSize ?? BLOCK_SIZE
  const clock = options.clock ?? nowSeconds
  const ping = db.prepare('SELECT 1').pluck()
  const checkpointer = path === ':memory:' ? undefined : startCheckpointer(db, path, options.logLimitPages)
  if (checkpointer !== undefined) gateCommits(db, checkpointer.ready)
  const engagement = sqliteEngagement(db, clock)
  const refresher = startRefresher(async () => await engagement.refreshAll())
  const identity = sqliteIdentity(db, clock)
  const companyTable = recordTable(db, counts, blockSize, clock, companies, toCompany, {
    written: identity.attachMembers,
    beforeDelete: (row) => members.companyRemoving(row.workspace_id, row.id)
  })
  const members = sqliteMembers(db, counts, blockSize, clock, engagement, identity.attachMember(companyTable), identity.eraseCompanyOf(companyTable),
    identity.memberBatch(companyTable))
  const idempotency = keyedAnswers(driver, sql.idempotency, clock)
  // The members' table is synchronous here: its work runs at once, inside the merge's transaction.
  const merges = mergeStore(driver, sql.merges, clock, {
    find: async (_, workspaceId, id) => members.table.find(workspaceId, id),
    writeRow: async (_, next, previous) => members.table.writeRow(next, previous),
    restoreRow: async (_, row) => members.table.restoreRow(row),
    deleteRow: async (_, row) => members.table.deleteRow(row),
    recordsOf: async (_, rows, now) => members.recordsOf(rows, now)
  })
  const purger = startRefresher(async () => await idempotency.purge() + await merges.expire(), PURGE_INTERVAL_MS)
  const channelTable = recordTable(db, counts, blockSize, clock, channels, toChannel, {
    beforeDelete: (row) => engagement.channelRemoving(row.workspace_id, row.id, clock())
  })
  const activities = sqliteActivities(db, counts, blockSize, clock, engagement, members.table)
  const activityTypes = sqliteActivityTypes(db, counts, clock, engagement, refresher)
  return {
    companies: companyTable.operations,
    members: members.store,
    activities: activities.store,
    channels: channelTable.operations,
    activityTypes: activityTypes.store,
    engagement: engagement.engagement,
    identity: identity.identity,
    merges,
    idempotency,
    transfer: transfer(driver, {
      channels: transferOf(channelTable),
      activityTypes: transferOf(activityTypes.table),
      companies: transferOf(companyTable),
      members: transferOf(members.table),
      activities: transferOf({ pageAfter: activities.table.pageAfter, restoreRows: activities.restore })
    }),
    async atomically (work) {
      return await driver.unit(async (tx) => await driver.join(tx, work))
    },
    clock,
    async maintain () {
      await engagement.refreshAll()
    },
    async ping () {
      ping.get()
    },
    async close () {
      await refresher.stop()
      await purger.stop()
      await checkpointer?.stop()
      if (db.open) db.close()
    },
    metrics: () => sqliteMetrics(db, checkpointer),
    refusing: () => refusalsOf(db).current()
  }
}

function sqliteMetrics (db: Db, checkpointer: Checkpointer | undefined): StoreMetric[] {
  const writer = writerStatsOf(db)
  const checkpoints = checkpointer?.stats() ?? { checkpoints: 0, asked: 0, failed: 0, logPages: 0 }
  return [
    { name: 'sqlite_write_queue_length', type: 'gauge', help: 'Writes waiting for the next group commit', value: writer.queued },
    { name: 'sqlite_commits_total', type: 'counter', help: 'Group commits (one transaction for a batch of writes)', value: writer.commits },
    { name: 'sqlite_writes_total', type: 'counter', help: 'Writes run in group commits', value: writer.writes },
    { name: 'sqlite_commit_holds_total', type: 'counter', help: 'Times commits were held until a checkpoint let the write-ahead log start over', value: writer.holds },
    { name: 'sqlite_commit_hold_seconds_total', type: 'counter', help: 'Time commits were held for checkpoints', value: writer.heldSeconds },
    { name: 'sqlite_checkpoints_total', type: 'counter', help: 'PASSIVE checkpoints run by the checkpointer thread', value: checkpoints.checkpoints },
    { name: 'sqlite_checkpoints_asked_total', type: 'counter', help: 'Checkpoints asked for by a held writer (the log was past its limit)', value: checkpoints.asked },
    { name: 'sqlite_checkpoints_failed_total', type: 'counter', help: 'Checkpoints that failed (the disk full: copying the log can grow the database file)', value: checkpoints.failed },
    { name: 'sqlite_wal_pages', type: 'gauge', help: 'Pages in the write-ahead log at the last checkpoint', value: checkpoints.logPages },
    ...refusalsOf(db).metrics()
  ]
}
