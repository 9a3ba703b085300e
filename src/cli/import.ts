import { existsSync, statSync } from 'node:fs'
import { extname } from 'node:path'
import { Option, type Command } from 'commander'
import type { TSchema } from 'typebox'
import { AppError } from '../errors.js'
import { toAppError } from '../http/plugins/error-handler.js'
import { itemValidator } from '../http/plugins/validation.js'
import { ActivityCreateSchema } from '../schemas/activities.js'
import { ChannelCreateSchema } from '../schemas/channels.js'
import { CompanyCreateSchema } from '../schemas/companies.js'
import { EXPORTED, ExportHeaderSchema, SETTINGS_LINES } from '../schemas/export.js'
import { MemberCreateSchema } from '../schemas/members.js'
import { IMPORT_KINDS, ImportAborted, importRecords, importStrictly, type ImportKind, type ImportSummary, type Source } from '../services/import.js'
import { isExport, restoreWorkspace, WorkspaceNotEmpty, type RestoreSummary } from '../services/restore.js'
import { isItemError, TRANSFER_KINDS, type Store } from '../store/types.js'
import type { Config } from '../config.js'
import { countOption, withStore, workspaceOption } from './open-store.js'
import { progressReporter, type ProgressReporter } from './progress.js'
import { countLines, csvRecords, jsonLines } from './read-records.js'
import { UsageError } from './usage-error.js'

interface ImportOptions {
  workspace: string
  type?: ImportKind
  format?: 'jsonl' | 'csv'
  strict?: boolean
  batch?: number
}

/** Each kind's create body: what a record of it must be, as an item of its bulk route. */
const BODIES: Record<ImportKind, TSchema> = {
  members: MemberCreateSchema,
  companies: CompanyCreateSchema,
  channels: ChannelCreateSchema,
  activities: ActivityCreateSchema
}
const FORMATS: Record<string, 'jsonl' | 'csv'> = { '.jsonl': 'jsonl', '.ndjson': 'jsonl', '.csv': 'csv' }
/** A progress line (when stderr is not a terminal) every this many batches. */
const LINE_EVERY_BATCHES = 10
/**
 * Records per transaction unless --batch says. On SQLite each commit writes every page its batch dirtied to the
 * write-ahead log, and a batch of members dirties a page of the search terms' and identity keys' indexes for
 * nearly every email, so larger batches write much less in all (docs/cli.md), while each holds the write lock
 * well under the busy timeout (5 s) that a server sharing the file waits. On PostgreSQL a batch holds an advisory lock per email and (source,
 * externalId) until its commit, which the server's lock table bounds (docs/cli.md, --strict).
 */
const DEFAULT_BATCH: Record<Config['database']['kind'], number> = { sqlite: 5000, postgres: 1000 }

export function importCommand (program: Command): void {
  program.command('import')
    .description('load members, companies, channels or activities from a JSON Lines or CSV file, or restore an export')
    .argument('<file>', 'a .jsonl or .csv file of create bodies (one a line or row), or a file written by export')
    .requiredOption('--workspace <uuid>', 'the workspace to load into', workspaceOption)
    .addOption(new Option('--type <kind>', 'what the file holds (required unless it is an export)').choices(IMPORT_KINDS))
    .addOption(new Option('--format <format>', 'the file\'s format (default: from its extension, .jsonl/.ndjson or .csv)').choices(['jsonl', 'csv']))
    .option('--strict', 'check every record first and write nothing if one is bad; then write all in one transaction')
    .option('--batch <n>', 'records written per transaction (default: 5000 on SQLite, 1000 on PostgreSQL)', countOption('--batch', 10_000))
    .addHelpText('after', `
Each record is checked as an item of the bulk route of its kind is (the create's schema and rules), then written
through the same bulk path (POST /v1/<kind>/bulk): a record matching one the workspace has updates it
(members by email, companies by domain, channels and activities by (source, externalId)), so running the same
import again creates no duplicates. A bad record is reported on stderr with its line number and why, and skipped
(exit 0 all the same; the summary counts them); with --strict the first bad record stops the import before
anything is written (exit 1).

CSV: a header row of field names (member.primaryEmail, member.firstName... for an activity's member), a row per
record; an empty cell is an omitted field; a list (emails, phones, tags) is its values separated by ";" or a
JSON array. A file written by export is restored as it was (ids, times, derived values) into an empty workspace.

Examples:
  $ workspace-records import members.csv --workspace 7d2f3c1e-5b7a-4c2e-9f61-0a8e4b3d2c10 --type members
  $ workspace-records import events.jsonl --workspace "$WORKSPACE" --type activities --strict
  $ workspace-records import acme.export.jsonl --workspace "$NEW_WORKSPACE"`)
    .action(importFile)
}

async function importFile (file: string, options: ImportOptions): Promise<void> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`there is no file ${file}`)
  const format = options.format ?? FORMATS[extname(file).toLowerCase()]
  if (format === undefined) throw new UsageError(`cannot tell the format of ${file} from its extension: say --format jsonl or --format csv`)
  const exported = format === 'jsonl' && isExport(jsonLines(file))
  if (exported && options.type !== undefined) throw new UsageError(`${file} is an export, which holds every kind of record: --type does not apply`)
  if (!exported && options.type === undefined) throw new UsageError(`--type <kind> is required (${IMPORT_KINDS.join(', ')})`)
  const started = performance.now()
  await withStore(async (store, config) => {
    const batch = options.batch ?? DEFAULT_BATCH[config.database.kind]
    const progress = progressReporter(process.stderr, countLines(file), batch * LINE_EVERY_BATCHES)
    try {
      if (exported) {
        const restored = await restore(store, file, options, batch, progress)
        progress.done()
        const counts = TRANSFER_KINDS.map((kind) => `${restored[kind].toLocaleString('en-US')} ${EXPORTED[kind].type} records`).join(', ')
        process.stderr.write(`restored the export ${file} into workspace ${options.workspace} in ${elapsed(started)}: ${counts}\n`)
        return
      }
      const kind = options.type!
      const source = format === 'csv' ? csvRecords(file, BODIES[kind]) : jsonLines(file)
      const summary = await load(store, kind, source, options, batch, progress)
      progress.done()
      process.stderr.write(summaryLine(summary, kind, started))
    } catch (error) {
      progress.done()
      if (error instanceof ImportAborted) throw new Error(`line ${error.line}: ${reasonOf(error.problem)}; nothing was written`)
      if (error instanceof WorkspaceNotEmpty) throw new UsageError(error.message)
      throw error
    }
  }, { bulk: true })
}

async function load (store: Store, kind: ImportKind, source: Source, options: ImportOptions, batch: number,
  progress: ProgressReporter): Promise<ImportSummary> {
  const common = {
    kind,
    source,
    check: itemValidator(BODIES[kind]),
    batch,
    progress: (phase: string, records: number, line: number) => progress.update(phase, records, line)
  }
  if (options.strict === true) return await importStrictly(store, options.workspace, common)
  return await importRecords(store, options.workspace, {
    ...common,
    skipped: (line, problem) => {
      progress.done()
      process.stderr.write(`line ${line}: skipped: ${reasonOf(problem)}\n`)
    }
  })
}

async function restore (store: Store, file: string, options: ImportOptions, batch: number, progress: ProgressReporter): Promise<RestoreSummary> {
  return await restoreWorkspace(store, options.workspace, {
    source: jsonLines(file),
    checks: {
      header: itemValidator(ExportHeaderSchema),
      settings: { engagementSettings: itemValidator(SETTINGS_LINES.engagementSettings), identitySettings: itemValidator(SETTINGS_LINES.identitySettings) },
      records: Object.fromEntries(TRANSFER_KINDS.map((kind) => [kind, itemValidator(EXPORTED[kind].schema)])) as never
    },
    batch,
    progress: (phase, records, line) => progress.update(phase, records, line)
  })
}

const elapsed = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`

function summaryLine (summary: ImportSummary, kind: ImportKind, started: number): string {
  const n = (value: number) => value.toLocaleString('en-US')
  const skipped = summary.skipped === 0 ? '0 skipped' : `${n(summary.skipped)} skipped (each reported above)`
  return `imported ${n(summary.records)} ${kind} records in ${elapsed(started)}: ${n(summary.created)} created, ${n(summary.updated)} updated, ${skipped}\n`
}

/** Why a record was refused, as its bulk item's answer says it (status, code and details), or why it could not be read. */
function reasonOf (problem: unknown): string {
  if (problem instanceof AppError || isItemError(problem)) {
    const { statusCode, code, details } = toAppError(problem)
    const said = (details ?? []).map((detail) => `${detail.field} ${detail.message}${detail.id === undefined ? '' : ` (id ${detail.id})`}`)
    return `${statusCode} ${code}${said.length === 0 ? '' : `: ${said.join('; ')}`}`
  }
  return problem instanceof Error ? problem.message : String(problem)
}
