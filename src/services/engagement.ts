import { thresholdsProblem } from '../domain/engagement.js'
import type { ActivityTypeCreate, ActivityTypePatch } from '../schemas/activity-types.js'
import type { EngagementSettingsPut } from '../schemas/engagement.js'
import { InvalidFieldError, type ActivityType, type EngagementSettings, type Store } from '../store/types.js'

// The rules of engagement writes that are neither HTTP nor storage (docs/engagement.md). The store checks what
// needs the database: each override's channel is one of the workspace's, a key is new, a type in use stays.

export async function createActivityType (store: Store, workspaceId: string, input: ActivityTypeCreate): Promise<ActivityType> {
  checkChannelPoints(input.channelPoints)
  return await store.activityTypes.create(workspaceId, input)
}

export async function updateActivityType (store: Store, workspaceId: string, id: string, patch: ActivityTypePatch): Promise<ActivityType | undefined> {
  checkChannelPoints(patch.channelPoints)
  return await store.activityTypes.update(workspaceId, id, patch)
}

export async function setEngagementSettings (store: Store, workspaceId: string, settings: EngagementSettingsPut): Promise<EngagementSettings> {
  const problem = thresholdsProblem(settings.levelThresholds)
  if (problem !== undefined) throw new InvalidFieldError('levelThresholds', problem)
  return await store.engagement.setSettings(workspaceId, settings)
}

/** An activity in a channel gets one override at most, so a list naming a channel twice is refused, not merged. */
function checkChannelPoints (channelPoints: ReadonlyArray<{ channelId: string }> | undefined): void {
  const seen = new Set<string>()
  for (const [i, { channelId }] of (channelPoints ?? []).entries()) {
    if (seen.has(channelId)) throw new InvalidFieldError(`channelPoints.${i}.channelId`, 'names a channel listed before')
    seen.add(channelId)
  }
}
