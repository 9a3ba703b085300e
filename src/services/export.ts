import { toEpochSeconds, toWireTime } from '../domain/time.js'
import { ENGAGEMENT_SETTINGS_LINE, EXPORT_VERSION, EXPORTED, type ExportHeader } from '../schemas/export.js'
import { TRANSFER_KINDS, type Store, type TransferCursor } from '../store/types.js'

// Exporting a workspace (docs/cli.md, export): a header, the engagement settings, then every record, kind after
// kind in the order a restore writes them, each kind read in (createdAt, id) order a page at a time, so memory
// stays bounded whatever the workspace's size.

/** Records read from the store at once. */
export const EXPORT_PAGE = 1000

/** The export's lines, as objects, read from the store as they are asked for. */
export async function * exportLines (store: Store, workspaceId: string): AsyncGenerator<object> {
  const header: ExportHeader = { type: 'export', version: EXPORT_VERSION, workspaceId, exportedAt: toWireTime(store.clock()) }
  yield header
  yield { type: ENGAGEMENT_SETTINGS_LINE, record: await store.engagement.settings(workspaceId) }
  for (const kind of TRANSFER_KINDS) {
    let after: TransferCursor | undefined
    for (let page = await store.transfer.page(workspaceId, kind, after, EXPORT_PAGE); page.length > 0;
      page = page.length < EXPORT_PAGE ? [] : await store.transfer.page(workspaceId, kind, after, EXPORT_PAGE)) {
      for (const record of page) yield { type: EXPORTED[kind].type, record }
      const last = page.at(-1)!
      after = { at: toEpochSeconds(last.createdAt), id: last.id }
    }
  }
}
