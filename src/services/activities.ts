import { toEpochSeconds } from '../domain/time.js'
import type { ActivityCreate } from '../schemas/activities.js'
import { InvalidFieldError, type Activity, type ActivityInput, type Put, type PutOutcome, type Store } from '../store/types.js'
import { settledItems } from './bulk.js'

// The rules of an activity write that are neither HTTP nor storage. The routes, the bulk routes and the bulk
// path (imports, seeding) come through here, so none of them can skip one.

/**
 * A new activity as the store takes it: its member named by exactly one of `memberId` and `member`; `createdAt`
 * as epoch seconds, within the backfill range, which the engagement model relies on: from 1970-01-01 on, never
 * after `now`, the store's clock (a test's, in tests).
 */
export function activityInput (input: ActivityCreate, now: number): ActivityInput {
  const { createdAt, memberId, member, ...rest } = input
  if (memberId != null && member !== undefined) throw new InvalidFieldError('member', 'must not be given with memberId')
  const named = memberId != null ? { memberId } : member !== undefined ? { member } : undefined
  if (named === undefined) throw new InvalidFieldError('memberId', 'is required')
  if (createdAt == null) return { ...rest, ...named }
  const at = toEpochSeconds(createdAt)
  if (at > now) throw new InvalidFieldError('createdAt', 'must not be in the future')
  if (at < 0) throw new InvalidFieldError('createdAt', 'must not be before 1970-01-01T00:00:00Z')
  return { ...rest, ...named, createdAt: at }
}

/** A new activity, or the one with its (source, externalId) updated from it (docs/ingestion.md). */
export async function putActivity (store: Store, workspaceId: string, input: ActivityCreate): Promise<Put<Activity>> {
  return await store.activities.put(workspaceId, activityInput(input, store.clock()))
}

/** The bulk route: each input as `putActivity` would take it, in order, in one transaction. */
export async function putActivities (store: Store, workspaceId: string, inputs: readonly ActivityCreate[]): Promise<Array<PutOutcome<Activity>>> {
  const now = store.clock()
  return await settledItems(inputs, (input) => activityInput(input, now), async (valid) => await store.activities.putMany(workspaceId, valid))
}

/** The bulk path of seeding: every input checked as a single create is, then all created in one transaction (all or none). */
export async function createActivities (store: Store, workspaceId: string, inputs: readonly ActivityCreate[]): Promise<string[]> {
  const now = store.clock()
  return await store.activities.createMany(workspaceId, inputs.map((input) => activityInput(input, now)))
}
