import { toEpochSeconds, toWireTime } from '../domain/time.js'
import type { EngagementSettingsPut } from '../schemas/engagement.js'
import { EXPORT_VERSION, EXPORTED, type ExportHeader, type SettingsLine } from '../schemas/export.js'
import type { IdentitySettingsPut } from '../schemas/identity.js'
import { TRANSFER_KINDS, type Store, type TransferCursor } from '../store/types.js'
import { setEngagementSettings } from './engagement.js'
import { setIdentitySettings } from './identity.js'

// Exporting a workspace (docs/cli.md, export): a header, the workspace's settings, then every record, kind after
// kind in the order a restore writes them, each kind read in (createdAt, id) order a page at a time, so memory
// stays bounded whatever the workspace's size.

/** Each settings line: how the store reads the settings, and how a restore writes them back, through their service. */
export const SETTINGS: Record<SettingsLine, { read: (store: Store, workspaceId: string) => Promise<object>, write: (store: Store, workspaceId: string, record: never) => Promise<unknown> }> = {
  engagementSettings: {
    read: async (store, workspaceId) => await store.engagement.settings(workspaceId),
    write: async (store, workspaceId, record: EngagementSettingsPut) => await setEngagementSettings(store, workspaceId, record)
  },
  identitySettings: {
    read: async (store, workspaceId) => await store.identity.settings(workspaceId),
    write: async (store, workspaceId, record: IdentitySettingsPut) => await setIdentitySettings(store, workspaceId, record)
  }
}

/** Records read from the store at once. */
export const EXPORT_PAGE = 1000

/** The export's lines, as objects, read from the store as they are asked for. */
export async function * exportLines (store: Store, workspaceId: string): AsyncGenerator<object> {
  const header: ExportHeader = { type: 'export', version: EXPORT_VERSION, workspaceId, exportedAt: toWireTime(store.clock()) }
  yield header
  for (const [type, { read }] of Object.entries(SETTINGS)) yield { type, record: await read(store, workspaceId) }
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
