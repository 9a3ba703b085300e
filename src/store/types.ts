import type { Activity, ActivityCreate, ActivityPatch } from '../schemas/activities.js'
import type { Channel, ChannelCreate, ChannelPatch } from '../schemas/channels.js'
import type { Company, CompanyCreate, CompanyPatch } from '../schemas/companies.js'
import type { Member, MemberCreate } from '../schemas/members.js'

// The only door to the database. Every method is one whole operation (one transaction for a write),
// confined to the workspace it is given first. Methods return records, or undefined / false when the
// addressed record is not in that workspace; they know nothing of HTTP.

export interface PageRequest {
  page: number
  pageSize: number
}

export interface Page<T> {
  total: number
  items: T[]
}

export interface CompanyStore {
  get (workspaceId: string, id: string): Promise<Company | undefined>
  create (workspaceId: string, input: CompanyCreate): Promise<Company>
  update (workspaceId: string, id: string, patch: CompanyPatch): Promise<Company | undefined>
}

export interface MemberStore {
  get (workspaceId: string, id: string): Promise<Member | undefined>
  create (workspaceId: string, input: MemberCreate): Promise<Member>
  /** Removes the member and all of its activities; references to those activities are cleared. */
  remove (workspaceId: string, id: string): Promise<boolean>
}

export interface ActivityStore {
  get (workspaceId: string, id: string): Promise<Activity | undefined>
  create (workspaceId: string, input: ActivityCreate): Promise<Activity>
  update (workspaceId: string, id: string, patch: ActivityPatch): Promise<Activity | undefined>
  /** Newest first: createdAt desc, then id desc. */
  list (workspaceId: string, page: PageRequest): Promise<Page<Activity>>
}

export interface ChannelStore {
  get (workspaceId: string, id: string): Promise<Channel | undefined>
  create (workspaceId: string, input: ChannelCreate): Promise<Channel>
  update (workspaceId: string, id: string, patch: ChannelPatch): Promise<Channel | undefined>
}

export interface Store {
  readonly companies: CompanyStore
  readonly members: MemberStore
  readonly activities: ActivityStore
  readonly channels: ChannelStore
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping (): Promise<void>
  close (): Promise<void>
}

/** A write named a record that does not exist in the workspace, or one it may not name. */
export class InvalidReferenceError extends Error {
  constructor (readonly field: string, readonly reason = 'does not name a record of this workspace') {
    super(`${field} ${reason}`)
    this.name = 'InvalidReferenceError'
  }
}
