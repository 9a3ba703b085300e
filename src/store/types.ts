import type { Activity, ActivityCreate, ActivityListQuery, ActivityPatch } from '../schemas/activities.js'

export type { Activity }
import type { Channel, ChannelCreate, ChannelListQuery, ChannelPatch } from '../schemas/channels.js'
import type { Company, CompanyCreate, CompanyListQuery, CompanyPatch } from '../schemas/companies.js'
import type { Member, MemberCreate, MemberListQuery, MemberPatch } from '../schemas/members.js'
import type { ActivityType, ActivityTypeCreate, ActivityTypeListQuery, ActivityTypePatch } from '../schemas/activity-types.js'
import type { EngagementSettings } from '../schemas/engagement.js'
import type { Merge } from '../schemas/merges.js'
import type { TransferRecords } from '../schemas/export.js'
import type { Engagement } from '../domain/engagement.js'
import type { Clock } from '../domain/time.js'
import type { DuplicateReason } from '../domain/identity.js'
import type { IdentitySettings } from '../domain/company-domains.js'

export type { ActivityType, Engagement, EngagementSettings, IdentitySettings, Member, Merge }

// The only door to the database. Every method is one whole operation (one transaction for a write),
// confined to the workspace it is given first. Methods return records, or undefined / false when the
// addressed record is not in that workspace; they know nothing of HTTP.
//
// `createMany` is the bulk path (seeding, imports): every input created as by `create`, in one transaction (all
// or none), answering the new ids in input order. Member inputs may also name their company.
//
// Lists take their route's query as domain values (src/services/lists.ts): page, pageSize and filters, all
// combined with AND; times in epoch seconds, search text lower-cased, a domain normalised. Their total counts
// every record matching the filters; their default order is createdAt desc, then id desc.

export interface Page<T> {
  total: number
  items: T[]
}

/** A write that found the record its input stands for and updated it (`created: false`), or made a new one. */
export interface Put<Rec> {
  record: Rec
  created: boolean
}

/** One item of a bulk write: as `put`, or the error the item would have met alone (nothing of it written). */
export type PutOutcome<Rec> = Put<Rec> | { error: ItemError }

/**
 * Ingestion (docs/ingestion.md): an input is matched to the record it stands for (an activity or channel by its
 * (source, externalId), a company by its normalised domain, a member by its primary email among every member's
 * emails; the oldest when several match) and updates it as a PATCH with the input's fields would, else it is
 * created. `putMany` applies its inputs in order, as if one by one, in one transaction; an input that breaks a
 * rule changes nothing and answers its error, never failing the others.
 */
export interface PutStore<Rec, Input> {
  put (workspaceId: string, input: Input): Promise<Put<Rec>>
  putMany (workspaceId: string, inputs: Input[]): Promise<Array<PutOutcome<Rec>>>
}

/** The operations of one resource; `remove` takes the resource's cascade with it. */
export interface RecordStore<Rec, Create, Patch, Filter, BulkCreate = Create> {
  get (workspaceId: string, id: string): Promise<Rec | undefined>
  create (workspaceId: string, input: Create): Promise<Rec>
  createMany (workspaceId: string, inputs: BulkCreate[]): Promise<string[]>
  update (workspaceId: string, id: string, patch: Patch): Promise<Rec | undefined>
  remove (workspaceId: string, id: string): Promise<boolean>
  list (workspaceId: string, filter: Filter): Promise<Page<Rec>>
}

/**
 * Removing a company detaches its members (their companyId becomes null). No write gives two companies one
 * normalised domain (a ConflictError naming the other); a company write that gives one a domain attaches the
 * workspace's members of that domain that have no company, as the identity settings allow (docs/identity.md).
 */
export type CompanyStore = RecordStore<Company, CompanyCreate, CompanyPatch, CompanyListFilter> & PutStore<Company, CompanyCreate>
/**
 * Removing a member is an erasure: all of its activities go, references to them are cleared, and no copy of its data
 * stays (the merges that hold one keep only their ids; kept answers of Idempotency-Keys naming it are deleted).
 * A write that gives a member without a company a primary email (and names no companyId) attaches it to the
 * company of the email's domain, made when missing, as the identity settings allow (docs/identity.md); so does
 * making a member by email.
 */
export type MemberStore = RecordStore<Member, MemberCreate, MemberPatch, MemberListFilter, MemberBulkCreate> & PutStore<Member, MemberCreate> & {
  /**
   * The other members of the workspace that are probably the same person (docs/identity.md), found by the
   * identity keys' index: at most DUPLICATES_LIMIT, the strongest reason first, then createdAt desc, id desc;
   * undefined when the workspace has no such member.
   */
  duplicates (workspaceId: string, id: string): Promise<MemberDuplicate[] | undefined>
}

/** A member that is probably the same person as another, and why (domain/identity.ts). */
export interface MemberDuplicate {
  member: Member
  reasons: DuplicateReason[]
}

/**
 * Removing an activity clears replyTo / reactTo / inviteTo that pointed at it; the member's derived fields
 * follow every write. No write gives two activities one (source, externalId): `update` fails with a
 * ConflictError naming the other one (`create` and `createMany` are for new pairs, as seeding makes).
 */
export type ActivityStore = RecordStore<Activity, ActivityInput, ActivityPatch, ActivityListFilter> & PutStore<Activity, ActivityInput>
/**
 * Removing a channel clears channelId on its activities and drops the activity types' overrides for it. As for
 * activities, no write gives two channels one (source, externalId).
 */
export type ChannelStore = RecordStore<Channel, ChannelCreate, ChannelPatch, ChannelListFilter> & PutStore<Channel, ChannelCreate>
/**
 * Activity types with their points. A key the workspace has fails `create` with a ConflictError naming the
 * type; `remove` fails with a ConflictError while activities use the type. A change of points or overrides
 * holds for every read once it resolves. Lists are ordered by key ascending; `q` is a key prefix.
 */
export type ActivityTypeStore = RecordStore<ActivityType, ActivityTypeCreate, ActivityTypePatch, ActivityTypeListFilter>
export type ActivityTypeListFilter = ActivityTypeListQuery

/** Engagement beyond the member record: thresholds, the explanation of a pulse, exclusion (docs/engagement.md). */
export interface EngagementStore {
  settings (workspaceId: string): Promise<EngagementSettings>
  /** Thresholds already checked (domain/engagement.ts thresholdsProblem). */
  setSettings (workspaceId: string, settings: EngagementSettings): Promise<EngagementSettings>
  /** The member's engagement now; undefined when the workspace has no such member. */
  explain (workspaceId: string, memberId: string): Promise<Engagement | undefined>
  /** Excludes a member from engagement (pulse and level 0 everywhere) or includes it again; then as `explain`. */
  setExcluded (workspaceId: string, memberId: string, excluded: boolean): Promise<Engagement | undefined>
}

/** How a workspace finds its members' companies (docs/identity.md); the domains already checked and normalised. */
export interface IdentityStore {
  settings (workspaceId: string): Promise<IdentitySettings>
  setSettings (workspaceId: string, settings: IdentitySettings): Promise<IdentitySettings>
}

/**
 * Member merges and their undo (docs/identity.md; the rules are model/merge.ts). Each is one transaction.
 * `merge` answers undefined when the workspace has no member `memberId`, and fails with an InvalidFieldError
 * (memberId) when `mergedMemberId` names no other member of it; `undo` fails with a ConflictError saying why when it
 * can no longer be exact, and answers undefined for a merge the workspace does not have (or one undone already).
 */
export interface MergeStore {
  merge (workspaceId: string, memberId: string, mergedMemberId: string): Promise<{ member: Member, merge: Merge } | undefined>
  get (workspaceId: string, mergeId: string): Promise<Merge | undefined>
  /** Both members as they were before the merge: the kept one, then the restored one. */
  undo (workspaceId: string, mergeId: string): Promise<[Member, Member] | undefined>
  /** Erases the copies of members kept by merges older than MERGE_UNDO_SECONDS, in batches; answers how many. */
  expire (): Promise<number>
}

/**
 * A new activity: `createdAt` in epoch seconds, checked by the services layer (src/services/activities.ts); its
 * member named by id, or by `member`: the workspace's member having `member.primaryEmail` among its emails, made
 * from `member` (with the activity's source) when none has it.
 */
export type ActivityInput = Omit<ActivityCreate, 'createdAt' | 'memberId' | 'member'> & { createdAt?: number } &
  ({ memberId: string, member?: undefined } | { memberId?: undefined, member: MemberByEmail })

/** A member named by its email, with what to make it of when the workspace has none. */
export type MemberByEmail = MemberCreate & { primaryEmail: string }

/** How long an answer is kept for its Idempotency-Key: 24 hours from the request, that last second included. */
export const KEPT_ANSWER_SECONDS = 24 * 3600

/** The answer to a request, as kept for its Idempotency-Key: its status and the exact text of its body. */
export interface KeptAnswer {
  status: number
  body: string
}

/** What a keyed request's work answered; `failed` rolls back everything it wrote, and its answer is kept all the same. */
export interface KeyedAnswer extends KeptAnswer {
  failed: boolean
}

/**
 * What became of a keyed request: it ran (`executed`, its answer now kept), or it did not run because the key
 * has an unexpired answer (`replayed` for the same fingerprint, `mismatch` for another), or because a request
 * with the key is running now (`in-flight`).
 */
export type KeyedOutcome =
  | { kind: 'executed', answer: KeptAnswer }
  | { kind: 'replayed', answer: KeptAnswer }
  | { kind: 'mismatch' }
  | { kind: 'in-flight' }

/**
 * Answers kept per workspace and Idempotency-Key (docs/idempotency.md); a fingerprint names the request a key
 * was first used for. Every time is the store's clock.
 */
export interface IdempotencyStore {
  /** The key's unexpired answer: `replayed` when kept for this fingerprint, `mismatch` for another; else undefined. */
  find (workspaceId: string, key: string, fingerprint: string): Promise<KeyedOutcome | undefined>
  /**
   * Runs `work` as one unit with keeping its answer: every write of the store that `work` makes (and awaits)
   * commits in the same transaction as the answer, or none does. When the key has an unexpired answer, or a
   * request with it is running, `work` does not run. A `work` that throws keeps nothing and writes nothing;
   * it may be run again from the start when the database asks for a retry (a deadlock), so it must have no
   * effect outside the store. Writes `work` makes must be awaited one after another, never together.
   */
  run (workspaceId: string, key: string, fingerprint: string, work: () => Promise<KeyedAnswer>): Promise<KeyedOutcome>
  /** Deletes expired answers, in batches; answers how many. */
  purge (): Promise<number>
}

/**
 * The kinds of record a workspace's export holds, in the order a restore writes them: each may name records of
 * the kinds before it (a type's channel overrides, a member's company, an activity's member, type and channel).
 */
export const TRANSFER_KINDS = ['channels', 'activityTypes', 'companies', 'members', 'activities'] as const
export type TransferKind = typeof TRANSFER_KINDS[number]

/** Where a page of an export starts: after the record with this createdAt (epoch seconds) and id. */
export interface TransferCursor {
  at: number
  id: string
}

/**
 * Moving a workspace (docs/cli.md, export and import): its records read in (createdAt, id) order, and written
 * back exactly as they were, ids and times included. Records are schemas/export.ts's: a record's own fields,
 * never the values derived from activities, which follow the restored activities as they follow any write.
 */
export interface TransferStore {
  /** Up to `limit` records of a kind, in (createdAt, id) order, after `after` (none: from the first). */
  page<K extends TransferKind> (workspaceId: string, kind: K, after: TransferCursor | undefined, limit: number): Promise<Array<TransferRecords[K]>>
  /** Whether the workspace has no record of any kind. */
  isEmpty (workspaceId: string): Promise<boolean>
  /**
   * Inserts records exactly as given, in one transaction; the kinds before `kind` must be restored first. Counts,
   * list indexes and side tables follow as for any insert; a member's activity count, first and last activity,
   * daily counts and pulse follow its restored activities. The records were checked by the caller (their schema,
   * and that each reference names a record of the export); an activity's replyTo, reactTo and inviteTo may name
   * one restored later in the same `atomically`.
   */
  restore<K extends TransferKind> (workspaceId: string, kind: K, records: Array<TransferRecords[K]>): Promise<void>
}

/** An activity list's filters: `since` and `until` in epoch seconds, both bounds included. */
export type ActivityListFilter = Omit<ActivityListQuery, 'since' | 'until'> & { since?: number, until?: number }
/** A member list's filters: `q` and `email` lower-cased, `activeSince` and `activeUntil` in epoch seconds. */
export type MemberListFilter = Omit<MemberListQuery, 'activeSince' | 'activeUntil'> & { activeSince?: number, activeUntil?: number }
/** A company list's filters: `q` lower-cased, `domain` normalised (null when it names none). */
export type CompanyListFilter = Omit<CompanyListQuery, 'domain'> & { domain?: string | null }
/** A channel list's filters: `q` lower-cased. */
export type ChannelListFilter = ChannelListQuery

export type MemberBulkCreate = MemberCreate & Pick<MemberPatch, 'companyId'>

export interface Store {
  readonly companies: CompanyStore
  readonly members: MemberStore
  readonly activities: ActivityStore
  readonly channels: ChannelStore
  readonly activityTypes: ActivityTypeStore
  readonly engagement: EngagementStore
  readonly identity: IdentityStore
  readonly merges: MergeStore
  readonly idempotency: IdempotencyStore
  readonly transfer: TransferStore
  /**
   * Runs `work` as one transaction: every write of this store that `work` makes (awaiting each before the next)
   * commits with the others when `work` resolves, or none does when it rejects. `work` must await nothing but this
   * store (no timers, no asynchronous file or socket I/O): on SQLite the transaction stays open only while the
   * event loop does not turn, and other writers wait for it meanwhile. It may run again from the start when the
   * database asks for a retry (a deadlock).
   */
  atomically<T> (work: () => Promise<T>): Promise<T>
  /** The time of every write and read (epoch seconds): the system's, or a test's. */
  readonly clock: Clock
  /**
   * Runs the background upkeep now rather than at its next round (every 15 s): stale pulses stored again, and on
   * PostgreSQL the pulse order's counted blocks cut and joined. Reads are exact without it; it keeps them fast.
   */
  maintain (): Promise<void>
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping (): Promise<void>
  close (): Promise<void>
  /** What the implementation can tell of its own work (write queue, checkpoints, pool), read at each scrape. */
  metrics? (): StoreMetric[]
  /**
   * Whether the database is refusing writes for lack of room now, and why: a write was refused (StoreFullError)
   * in the last REFUSAL_HOLD_SECONDS and none that changed data has succeeded since. A cheap read of what the
   * store's writes saw: it asks nothing of the database.
   */
  refusing (): WriteRefusal | undefined
}

/** Why the database has no room for a write: no disk space left, no memory, or another resource of the server. */
export const REFUSAL_REASONS = ['disk_full', 'out_of_memory', 'insufficient_resources'] as const
export type RefusalReason = typeof REFUSAL_REASONS[number]

/** Writes being refused: why (the last refusal's reason), since when (epoch seconds), and how many so far. */
export interface WriteRefusal {
  reason: RefusalReason
  since: number
  refused: number
}

/**
 * One number a store reports for monitoring (GET /metrics). The list a store returns names the same metrics
 * every time; only the values change.
 */
export interface StoreMetric {
  /** snake_case, without the service's prefix: e.g. `sqlite_write_queue_length`. */
  name: string
  help: string
  /** A counter only grows (a total since the store opened); a gauge is a level now. */
  type: 'counter' | 'gauge'
  value: number
  /** The sample's labels, for a metric the list names several times (one entry per combination, always all of them). */
  labels?: Readonly<Record<string, string>>
}

/**
 * A write the stored data does not allow: a reference to no record of the workspace (the default reason), a
 * record naming itself, a member left without firstName, lastName and primaryEmail.
 */
export class InvalidFieldError extends Error {
  constructor (readonly field: string, readonly reason = 'does not name a record of this workspace') {
    super(`${field} ${reason}`)
    this.name = 'InvalidFieldError'
  }
}

/**
 * A write that would break a uniqueness rule, or remove a record others still use: `field` says which, `id`
 * names the record in the way when there is one.
 */
export class ConflictError extends Error {
  constructor (readonly field: string, readonly reason: string, readonly id?: string) {
    super(`${field} ${reason}`)
    this.name = 'ConflictError'
  }
}

/** What one item of a bulk write would have met written alone: answered for that item, not thrown for all. */
export type ItemError = InvalidFieldError | ConflictError

export const isItemError = (error: unknown): error is ItemError => error instanceof InvalidFieldError || error instanceof ConflictError

/** The database cannot be reached or is saturated: the operation did not happen, or may not have. */
export class StoreUnavailableError extends Error {
  constructor (cause?: unknown) {
    super('the database is unavailable', { cause })
    this.name = 'StoreUnavailableError'
  }
}

/**
 * The database has no room for the operation now (a full disk, no memory): it changed nothing, and the same
 * operation may succeed once room is made. An operating condition, not a fault of the request or of the service.
 */
export class StoreFullError extends StoreUnavailableError {
  constructor (readonly reason: RefusalReason, cause?: unknown) {
    super(cause)
    this.message = `the database refused the operation: ${reason}`
    this.name = 'StoreFullError'
  }
}
