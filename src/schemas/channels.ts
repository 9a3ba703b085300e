import { Type, type Static } from 'typebox'
import { Body, EXAMPLE, ListQuery, NullableString, Ref, SearchText, Text, optionalFields } from './common.js'

const CHANNEL_EXAMPLE = {
  id: '6a8c0e2f-4b6d-4f1a-8c3e-5d7f9b1a3c5e',
  externalId: '1180012345678901234',
  name: 'general',
  source: 'discord',
  ...EXAMPLE
}

export const ChannelSchema = Type.Object({
  id: Type.String(),
  externalId: NullableString,
  name: Type.String(),
  source: Type.String(),
  workspaceId: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String()
}, { $id: 'Channel', description: 'A channel activities happen in (a forum, a chat room, a repository)', examples: [CHANNEL_EXAMPLE] })
export type Channel = Static<typeof ChannelSchema>

const ChannelName = Text({ min: 1 })
const Source = Text({ min: 1, max: 100 })

export const ChannelCreateSchema = Body({
  name: ChannelName,
  ...optionalFields({ externalId: Text(), source: Source })
}, { examples: [{ name: 'general', externalId: '1180012345678901234', source: 'discord' }] })
export type ChannelCreate = Static<typeof ChannelCreateSchema>

export const ChannelPatchSchema = Body({ name: Type.Optional(ChannelName), ...optionalFields({ externalId: Text() }) }, {
  examples: [{ name: 'announcements' }]
})
export type ChannelPatch = Static<typeof ChannelPatchSchema>

export const ChannelBody = Type.Object({ channel: Ref(ChannelSchema) }, { $id: 'ChannelBody', description: 'The channel', examples: [{ channel: CHANNEL_EXAMPLE }] })
// The spec answers PATCH with an array holding the one updated channel.
export const ChannelListBody = Type.Object({ channel: Type.Array(Ref(ChannelSchema)) }, {
  $id: 'ChannelArrayBody',
  description: 'The updated channel, as an array of one (the spec says so)',
  examples: [{ channel: [CHANNEL_EXAMPLE] }]
})

export const ChannelListQuerySchema = ListQuery({ q: SearchText, source: Source, externalId: Text({ min: 1 }) })
export type ChannelListQuery = Static<typeof ChannelListQuerySchema>

export const ChannelPageSchema = Type.Object({
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totalChannels: Type.Integer(),
  channels: Type.Array(Ref(ChannelSchema))
}, {
  $id: 'ChannelPage',
  description: 'A page of channels and the total the filters match',
  examples: [{ page: 1, pageSize: 10, totalChannels: 1, channels: [CHANNEL_EXAMPLE] }]
})
