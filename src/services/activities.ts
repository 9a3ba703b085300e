import { toEpochSeconds } from '../domain/time.js'
import type { ActivityCreate } from '../schemas/activities.js'
import { InvalidFieldError, type Activity, type ActivityInput, type Store } from '../store/types.js'

// The rules of an activity write that are neither HTTP nor storage. The routes and the bulk path (imports,
// seeding) come through here, so none of them can skip one.

/**
 * A new activity as the store takes it: `createdAt` as epoch seconds, within the backfill range, which the
 * engagement model relies on: from 1970-01-01 on, never after `now`, the store's clock (a test's, in tests).
 */
export function activityInput (input: ActivityCreate, now: number): ActivityInput {
  const { createdAt, ...rest } = input
  if (createdAt == null) return rest
  const at = toEpochSeconds(createdAt)
  if (at > now) throw new InvalidFieldError('createdAt', 'must not be in the future')
  if (at < 0) throw new InvalidFieldError('createdAt', 'must not be before 1970-01-01T00:00:00Z')
  return { ...rest, createdAt: at }
}

export async function createActivity (store: Store, workspaceId: string, input: ActivityCreate): Promise<Activity> {
  return await store.activities.create(workspaceId, activityInput(input, store.clock()))
}

/** The bulk path: every input checked as a single create is, then all created in one transaction (all or none). */
export async function createActivities (store: Store, workspaceId: string, inputs: readonly ActivityCreate[]): Promise<string[]> {
  const now = store.clock()
  return await store.activities.createMany(workspaceId, inputs.map((input) => activityInput(input, now)))
}
