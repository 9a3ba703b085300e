import { createWriteStream, renameSync, rmSync } from 'node:fs'
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import type { Command } from 'commander'
import { exportLines, SETTINGS } from '../services/export.js'
import { withStore, workspaceOption } from './open-store.js'
import { progressReporter } from './progress.js'

interface ExportOptions {
  workspace: string
  output?: string
}

/** A progress line (when stderr is not a terminal) every this many records. */
const LINE_EVERY = 100_000

export function exportCommand (program: Command): void {
  program.command('export')
    .description('write a whole workspace as JSON Lines: settings, activity types, channels, companies, members, activities')
    .requiredOption('--workspace <uuid>', 'the workspace to export', workspaceOption)
    .option('--output <file>', 'where to write it (default: stdout); written beside it and renamed into place when complete')
    .addHelpText('after', `
The first line is a header ({"type":"export","version":1,"workspaceId":...,"exportedAt":...}), then the engagement
and identity settings, then one line per record ({"type":"member","record":{...}}), kind after kind, oldest first. Each record
holds its id, fields and times, a member its company, linkedinUrl and exclusion; what derives from activities
(pulse, level, first and last activity) is derived again when the file is imported into an empty workspace,
which makes the same workspace, on either store. Read page by page: memory stays small whatever the size.
Merges (their 30-day undo data) are not exported. Export a workspace nobody writes to meanwhile.

Examples:
  $ workspace-records export --workspace 7d2f3c1e-5b7a-4c2e-9f61-0a8e4b3d2c10 --output acme.export.jsonl
  $ workspace-records export --workspace "$WORKSPACE" | gzip > acme.export.jsonl.gz
  $ DATABASE_URL=postgres://app:secret@db/records workspace-records import acme.export.jsonl --workspace "$WORKSPACE"`)
    .action(exportWorkspace)
}

async function exportWorkspace (options: ExportOptions): Promise<void> {
  const partial = options.output === undefined ? undefined : `${options.output}.partial`
  const output: Writable = partial === undefined ? process.stdout : createWriteStream(partial)
  const progress = progressReporter(process.stderr, undefined, LINE_EVERY)
  const started = performance.now()
  const counts = new Map<string, number>()
  let written = 0
  try {
    await withStore(async (store) => {
      for await (const line of exportLines(store, options.workspace)) {
        // Waits while the output is behind, so no more than its buffer is ever held.
        if (!output.write(JSON.stringify(line) + '\n')) await once(output, 'drain')
        const type = (line as { type: string }).type
        counts.set(type, (counts.get(type) ?? 0) + 1)
        progress.update('exporting', ++written)
      }
    })
    if (partial !== undefined) {
      output.end()
      await once(output, 'finish')
      renameSync(partial, options.output!)
    }
  } catch (error) {
    if (partial !== undefined) {
      output.destroy()
      rmSync(partial, { force: true })
    }
    throw error
  } finally {
    progress.done()
  }
  const records = [...counts].filter(([type]) => type !== 'export' && !Object.hasOwn(SETTINGS, type))
  process.stderr.write(`exported workspace ${options.workspace}${options.output === undefined ? '' : ` to ${options.output}`} in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s: ${records.map(([type, n]) => `${n.toLocaleString('en-US')} ${type}`).join(', ') || 'no records'}\n`)
}
