import { Type, type Static } from 'typebox'
import { DEFAULT_LEVEL_THRESHOLDS, LEVELS } from '../domain/engagement.js'
import { Body, Ref } from './common.js'

const THRESHOLDS_EXAMPLE = { levelThresholds: [...DEFAULT_LEVEL_THRESHOLDS] }

export const EngagementSettingsSchema = Type.Object({
  levelThresholds: Type.Array(Type.Integer(), { description: 'The least pulse of levels 1 to 12' })
}, { $id: 'EngagementSettings', description: 'How pulse maps to level in this workspace', examples: [THRESHOLDS_EXAMPLE] })
export type EngagementSettings = Static<typeof EngagementSettingsSchema>

export const EngagementSettingsBody = Type.Object({ engagementSettings: Ref(EngagementSettingsSchema) }, {
  $id: 'EngagementSettingsBody', description: 'The workspace\'s engagement settings', examples: [{ engagementSettings: THRESHOLDS_EXAMPLE }]
})

// Strictly ascending: checked by the services layer.
export const EngagementSettingsPutSchema = Body({
  levelThresholds: Type.Array(Type.Integer({ minimum: 1, maximum: 1_000_000_000 }), { minItems: LEVELS, maxItems: LEVELS })
}, { examples: [THRESHOLDS_EXAMPLE] })
export type EngagementSettingsPut = Static<typeof EngagementSettingsPutSchema>

const ENGAGEMENT_EXAMPLE = {
  memberId: 'c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f',
  pulse: 42,
  level: 5,
  excluded: false,
  windowStart: '2025-10-07T09:30:00Z',
  windowEnd: '2026-01-05T09:30:00Z',
  breakdown: [
    { activityTypeId: '0b7e3c5a-9d2f-4e8b-a1c6-3f5d7e9b2a4c', activityTypeKey: 'message', activities: 6, points: 36 },
    { activityTypeId: '5c1d9e7f-3b2a-4c6d-8e0f-1a2b3c4d5e6f', activityTypeKey: 'reaction', activities: 6, points: 6 }
  ]
}

export const EngagementSchema = Type.Object({
  memberId: Type.String(),
  pulse: Type.Integer(),
  level: Type.Integer(),
  excluded: Type.Boolean(),
  windowStart: Type.String({ description: 'Activities created after this instant count' }),
  windowEnd: Type.String({ description: 'The moment of the answer: activities created up to it count' }),
  breakdown: Type.Array(Type.Object({
    activityTypeId: Type.String(),
    activityTypeKey: Type.String(),
    activities: Type.Integer(),
    points: Type.Integer()
  }), { description: 'Per type with activities in the window: how many, and the points they gave; by points, then key' })
}, {
  $id: 'Engagement',
  description: 'A member\'s pulse and level, and where they come from',
  examples: [ENGAGEMENT_EXAMPLE]
})
export type EngagementRecord = Static<typeof EngagementSchema>

export const EngagementBody = Type.Object({ engagement: Ref(EngagementSchema) }, {
  $id: 'EngagementBody', description: 'The member\'s engagement', examples: [{ engagement: ENGAGEMENT_EXAMPLE }]
})

export const EngagementPatchSchema = Body({ excluded: Type.Boolean() }, { examples: [{ excluded: true }] })
export type EngagementPatch = Static<typeof EngagementPatchSchema>
