import type { ActivityCreate } from '../schemas/activities.js'
import type { ChannelCreate } from '../schemas/channels.js'
import type { CompanyCreate } from '../schemas/companies.js'
import type { MemberCreate } from '../schemas/members.js'
import { isItemError, type PutOutcome, type Store } from '../store/types.js'
import { activityInput, putActivities } from './activities.js'

// Importing a file of create bodies (docs/cli.md, import): each record checked as an item of the bulk routes is
// (its create's schema, then the rules of this layer), then written through the same bulk path, in batches, each
// one transaction; or, strict, every record checked first and all written in one transaction.

export const IMPORT_KINDS = ['members', 'companies', 'channels', 'activities'] as const
export type ImportKind = typeof IMPORT_KINDS[number]

/** One record of a file: its line number and its value, or why no value could be read from it. */
export type SourceRecord = { line: number, value: unknown } | { line: number, problem: Error }

/**
 * A file's records, read from its start each time it is called, synchronously: a strict import reads it inside
 * Store.atomically, where nothing else may be awaited.
 */
export type Source = () => Iterable<SourceRecord>

/** A record's problem against the single create's schema, as the bulk routes find it (undefined: none). */
export type Check = (value: unknown) => Error | undefined

/** Each kind's bulk write, the one its bulk route makes, and the rules of this layer it applies first. */
const WRITES: Record<ImportKind, { write: (store: Store, workspaceId: string, items: never[]) => Promise<Array<PutOutcome<unknown>>>, rule?: (item: never, now: number) => unknown }> = {
  members: { write: async (store, workspaceId, items: MemberCreate[]) => await store.members.putMany(workspaceId, items) },
  companies: { write: async (store, workspaceId, items: CompanyCreate[]) => await store.companies.putMany(workspaceId, items) },
  channels: { write: async (store, workspaceId, items: ChannelCreate[]) => await store.channels.putMany(workspaceId, items) },
  activities: {
    write: async (store, workspaceId, items: ActivityCreate[]) => await putActivities(store, workspaceId, items),
    rule: (item: ActivityCreate, now) => activityInput(item, now)
  }
}

/** Checking reads the whole file before anything is written (strict imports, restores); writing writes it. */
export type Progress = (phase: 'checking' | 'writing', records: number, line: number) => void

export interface ImportOptions {
  kind: ImportKind
  source: Source
  check: Check
  /** Records a transaction writes (the last may have fewer). */
  batch: number
  /** Each record that is skipped, with what it would have answered over HTTP (an AppError, an ItemError) or why it could not be read. */
  skipped: (line: number, problem: unknown) => void
  /** After each batch: what is being done, how many records were read so far in doing it, and at which line. */
  progress: Progress
}

export interface ImportSummary {
  records: number
  created: number
  updated: number
  skipped: number
}

/** A strict import's first bad record: nothing was written. */
export class ImportAborted extends Error {
  constructor (readonly line: number, readonly problem: unknown) {
    super(`line ${line} is not valid`)
    this.name = 'ImportAborted'
  }
}

/** Writes each valid record, skipping (and reporting) the others; a batch's valid records are one transaction. */
export async function importRecords (store: Store, workspaceId: string, options: ImportOptions): Promise<ImportSummary> {
  const summary = { records: 0, created: 0, updated: 0, skipped: 0 }
  for (const batch of batches(options.source(), options.batch)) {
    const valid = judged(batch, options, store.clock())
    for (const { line, problem } of valid.problems) skip(line, problem)
    const outcomes = valid.items.length === 0 ? [] : await WRITES[options.kind].write(store, workspaceId, valid.items.map(({ value }) => value as never))
    outcomes.forEach((outcome, i) => 'error' in outcome ? skip(valid.items[i]!.line, outcome.error) : count(outcome.created))
    summary.records += batch.length
    options.progress('writing', summary.records, batch.at(-1)!.line)
  }
  return summary

  function skip (line: number, problem: unknown): void {
    summary.skipped++
    options.skipped(line, problem)
  }
  function count (created: boolean): void {
    if (created) summary.created++
    else summary.updated++
  }
}

/**
 * Every record checked first (the first bad one aborts with nothing written); then all written in one
 * transaction, which a record the store refuses (a 409) rolls back whole.
 */
export async function importStrictly (store: Store, workspaceId: string, options: Omit<ImportOptions, 'skipped'>): Promise<ImportSummary> {
  let checked = 0
  for (const batch of batches(options.source(), options.batch)) {
    const { problems } = judged(batch, options, store.clock())
    if (problems.length > 0) throw new ImportAborted(problems[0]!.line, problems[0]!.problem)
    checked += batch.length
    options.progress('checking', checked, batch.at(-1)!.line)
  }
  return await store.atomically(async () => {
    const summary = { records: 0, created: 0, updated: 0, skipped: 0 }
    for (const batch of batches(options.source(), options.batch)) {
      const outcomes = await WRITES[options.kind].write(store, workspaceId, batch.map((record) => (record as { value: unknown }).value as never))
      outcomes.forEach((outcome, i) => {
        if ('error' in outcome) throw new ImportAborted(batch[i]!.line, outcome.error)
        if (outcome.created) summary.created++
        else summary.updated++
      })
      summary.records += batch.length
      options.progress('writing', summary.records, batch.at(-1)!.line)
    }
    return summary
  })
}

/** A batch's records that pass their schema and this layer's rules, and the problems of the others, in order. */
function judged (batch: readonly SourceRecord[], options: Pick<ImportOptions, 'kind' | 'check'>, now: number) {
  const items: Array<{ line: number, value: unknown }> = []
  const problems: Array<{ line: number, problem: unknown }> = []
  const rule = WRITES[options.kind].rule
  for (const record of batch) {
    if ('problem' in record) {
      problems.push({ line: record.line, problem: record.problem })
      continue
    }
    const problem = options.check(record.value) ?? ruleProblem(() => rule?.(record.value as never, now))
    if (problem === undefined) items.push(record)
    else problems.push({ line: record.line, problem })
  }
  return { items, problems }
}

function ruleProblem (apply: () => unknown): unknown {
  try {
    apply()
    return undefined
  } catch (error) {
    if (!isItemError(error)) throw error
    return error
  }
}

/** The records in groups of `size`, read as they are needed. */
export function * batches<T> (records: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = []
  for (const record of records) {
    batch.push(record)
    if (batch.length === size) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}
