import { EXPORTED, type ExportedActivity, type SettingsLine, type TransferRecords } from '../schemas/export.js'
import { InvalidFieldError, TRANSFER_KINDS, type Store, type TransferKind } from '../store/types.js'
import { SETTINGS } from './export.js'
import { ImportAborted, type Check, type Progress, type Source, type SourceRecord } from './import.js'

// Importing an export (docs/cli.md, export and import): the workspace as it was, ids, fields and times included,
// into an empty one. The whole file is checked first (every line's schema, the order of the kinds, every
// reference naming a record of the file); then it is written in one transaction, in batches of one kind.

export interface RestoreOptions {
  source: Source
  /** The header's, each settings line's and each kind's record's schema. */
  checks: { header: Check, settings: Record<SettingsLine, Check>, records: Record<TransferKind, Check> }
  batch: number
  progress: Progress
}

export type RestoreSummary = Record<TransferKind, number>

/** The workspace already holds records: a restore would mix them with the export's. */
export class WorkspaceNotEmpty extends Error {
  constructor (workspaceId: string) {
    super(`workspace ${workspaceId} is not empty: an export is imported into an empty workspace (a new uuid, or a new database)`)
    this.name = 'WorkspaceNotEmpty'
  }
}

const KIND_OF = new Map<string, TransferKind>(TRANSFER_KINDS.map((kind) => [EXPORTED[kind].type, kind]))
const LINE_TYPES = ['export', ...Object.keys(SETTINGS), ...KIND_OF.keys()]
const isSettings = (type: string): type is SettingsLine => Object.hasOwn(SETTINGS, type)
const ACTIVITY_REFERENCES = ['replyTo', 'reactTo', 'inviteTo'] as const

/** A line of an export, once checked: the header, the settings, or a record of a kind. */
interface Line { type: string, record: unknown }
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Whether the file's first record is an export's header (then it is restored, not imported as create bodies). */
export function isExport (source: Source): boolean {
  const records = source()[Symbol.iterator]()
  const first = records.next()
  // Closes the file.
  records.return?.()
  return first.done !== true && 'value' in first.value && isObject(first.value.value) && first.value.value.type === 'export'
}

/** Restores an export into an empty workspace; answers how many records of each kind it wrote. */
export async function restoreWorkspace (store: Store, workspaceId: string, options: RestoreOptions): Promise<RestoreSummary> {
  const activityIds = checkExport(options)
  if (!await store.transfer.isEmpty(workspaceId)) throw new WorkspaceNotEmpty(workspaceId)
  return await store.atomically(async () => {
    const restored = Object.fromEntries(TRANSFER_KINDS.map((kind) => [kind, 0])) as RestoreSummary
    let pending: { kind: TransferKind, records: Array<TransferRecords[TransferKind]>, line: number } | undefined
    const flush = async () => {
      if (pending === undefined) return
      await store.transfer.restore(workspaceId, pending.kind, pending.records)
      restored[pending.kind] += pending.records.length
      options.progress('writing', Object.values(restored).reduce((sum, n) => sum + n, 0), pending.line)
      pending = undefined
    }
    for (const { line, value } of options.source() as Iterable<SourceRecord & { value: Line }>) {
      if (value.type === 'export') continue
      if (isSettings(value.type)) {
        const { write } = SETTINGS[value.type]
        await aborting(line, async () => await write(store, workspaceId, value.record as never))
        continue
      }
      const kind = KIND_OF.get(value.type)!
      const record = value.record as TransferRecords[TransferKind]
      if (kind === 'activities') {
        const field = ACTIVITY_REFERENCES.find((name) => (record as ExportedActivity)[name] != null && !activityIds.has((record as ExportedActivity)[name]!))
        if (field !== undefined) throw new ImportAborted(line, new InvalidFieldError(field, 'names no activity of the export'))
      }
      if (pending !== undefined && (pending.kind !== kind || pending.records.length === options.batch)) await flush()
      pending ??= { kind, records: [], line }
      pending.records.push(record)
      pending.line = line
    }
    await flush()
    return restored
  })
}

async function aborting (line: number, work: () => Promise<unknown>): Promise<void> {
  try {
    await work()
  } catch (error) {
    if (error instanceof InvalidFieldError) throw new ImportAborted(line, error)
    throw error
  }
}

/**
 * Every line of the file: the header first, then the settings and the records, kinds in TRANSFER_KINDS order, each
 * valid, each id once, each reference to an earlier kind naming a record of the file. Answers the activities' ids,
 * which activities may name in any order.
 */
function checkExport (options: Pick<RestoreOptions, 'source' | 'checks' | 'progress'>): Set<string> {
  const ids = Object.fromEntries(TRANSFER_KINDS.map((kind) => [kind, new Set<string>()])) as Record<TransferKind, Set<string>>
  let last = -1
  let records = 0
  for (const record of options.source()) {
    const { line } = record
    const problem = 'problem' in record ? record.problem : problemOf(record.value, records === 0)
    if (problem !== undefined) throw new ImportAborted(line, problem)
    records++
    if (records % 10_000 === 0) options.progress('checking', records, line)
    const value = (record as { value: Line }).value
    if (value.type === 'export' || isSettings(value.type)) continue
    const kind = KIND_OF.get(value.type)!
    const position = TRANSFER_KINDS.indexOf(kind)
    if (position < last) throw new ImportAborted(line, new Error(`${value.type} records must come before ${EXPORTED[TRANSFER_KINDS[last]!].type} records`))
    last = position
    const exported = value.record as TransferRecords[TransferKind]
    if (ids[kind].has(exported.id)) throw new ImportAborted(line, new InvalidFieldError('id', 'is the id of an earlier record of the export'))
    const missing = references(kind, exported).find(([, of, id]) => !ids[of].has(id))
    if (missing !== undefined) throw new ImportAborted(line, new InvalidFieldError(missing[0], `names no ${EXPORTED[missing[1]].type} of the export`))
    ids[kind].add(exported.id)
  }
  if (records === 0) throw new ImportAborted(1, new Error('the file is empty'))
  return ids.activities

  function problemOf (value: unknown, first: boolean): Error | undefined {
    if (first) return options.checks.header(value)
    if (!isObject(value) || typeof value.type !== 'string' || !LINE_TYPES.includes(value.type) || value.type === 'export') {
      return new Error(`a line of an export is {"type": ${LINE_TYPES.slice(1).map((type) => `"${type}"`).join(' | ')}, "record": {...}}`)
    }
    const extra = Object.keys(value).find((key) => key !== 'type' && key !== 'record')
    if (extra !== undefined) return new InvalidFieldError(extra, 'is not allowed')
    const check = isSettings(value.type) ? options.checks.settings[value.type] : options.checks.records[KIND_OF.get(value.type)!]
    return check(value.record)
  }
}

/** The references of a record to records of earlier kinds: field, kind, id. */
function references (kind: TransferKind, record: TransferRecords[TransferKind]): Array<[string, TransferKind, string]> {
  const named = (field: string, of: TransferKind, id: string | null | undefined): Array<[string, TransferKind, string]> => id == null ? [] : [[field, of, id]]
  switch (kind) {
    case 'activityTypes':
      return ((record as TransferRecords['activityTypes']).channelPoints ?? []).flatMap(({ channelId }, i) => named(`channelPoints.${i}.channelId`, 'channels', channelId))
    case 'members':
      return named('companyId', 'companies', (record as TransferRecords['members']).companyId)
    case 'activities': {
      const activity = record as ExportedActivity
      return [...named('memberId', 'members', activity.memberId), ...named('activityTypeId', 'activityTypes', activity.activityTypeId),
        ...named('channelId', 'channels', activity.channelId)]
    }
    default:
      return []
  }
}
