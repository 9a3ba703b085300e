import { Type, type Static } from 'typebox'
import { Body, Email, HttpUrl, List, NullableString, Text, Uuid, optionalFields } from './common.js'

export const MemberSchema = Type.Object({
  id: Type.String(),
  firstName: NullableString,
  lastName: NullableString,
  primaryEmail: NullableString,
  emails: Type.Array(Type.String()),
  phones: Type.Array(Type.String()),
  jobTitle: NullableString,
  avatarUrl: NullableString,
  language: NullableString,
  country: NullableString,
  tags: Type.Array(Type.String()),
  level: Type.Integer(),
  pulse: Type.Number(),
  source: Type.String(),
  companyId: NullableString,
  workspaceId: Type.String(),
  firstActivity: NullableString,
  lastActivity: NullableString,
  createdAt: Type.String(),
  updatedAt: Type.String()
})
export type Member = Static<typeof MemberSchema>

// A member is someone: firstName, lastName or primaryEmail, at least one of them (checked by the route).
export const MEMBER_IDENTITY = ['firstName', 'lastName', 'primaryEmail'] as const

export const MemberCreateSchema = Body(optionalFields({
  firstName: Text({ min: 1 }),
  lastName: Text({ min: 1 }),
  primaryEmail: Email,
  emails: List(Email),
  phones: List(Text({ min: 1, max: 100 })),
  jobTitle: Text(),
  avatarUrl: HttpUrl,
  country: Text(),
  language: Text(),
  tags: List(Uuid),
  linkedinUrl: HttpUrl
}))
export type MemberCreate = Static<typeof MemberCreateSchema>

export const MemberBody = Type.Object({ member: MemberSchema })
