import { Type, type Static } from 'typebox'
import { Body, ListQuery, NullableString, SearchText, Text, optionalFields } from './common.js'

export const ChannelSchema = Type.Object({
  id: Type.String(),
  externalId: NullableString,
  name: Type.String(),
  source: Type.String(),
  workspaceId: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String()
})
export type Channel = Static<typeof ChannelSchema>

const ChannelName = Text({ min: 1 })
const Source = Text({ min: 1, max: 100 })

export const ChannelCreateSchema = Body({
  name: ChannelName,
  ...optionalFields({ externalId: Text(), source: Source })
})
export type ChannelCreate = Static<typeof ChannelCreateSchema>

export const ChannelPatchSchema = Body({ name: Type.Optional(ChannelName), ...optionalFields({ externalId: Text() }) })
export type ChannelPatch = Static<typeof ChannelPatchSchema>

export const ChannelBody = Type.Object({ channel: ChannelSchema })
// The spec answers PATCH with an array holding the one updated channel.
export const ChannelListBody = Type.Object({ channel: Type.Array(ChannelSchema) })

export const ChannelListQuerySchema = ListQuery({ q: SearchText, source: Source })
export type ChannelListQuery = Static<typeof ChannelListQuerySchema>

export const ChannelPageSchema = Type.Object({
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totalChannels: Type.Integer(),
  channels: Type.Array(ChannelSchema)
})
