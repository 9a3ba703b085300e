import { Type, type Static } from 'typebox'
import { LEVEL_THRESHOLDS } from '../domain/engagement.js'
import { Body, DateTimeInput, Email, HttpUrl, List, ListQuery, NullableString, SearchText, StringEnum, Text, Uuid, optionalFields } from './common.js'

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

const memberFields = {
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
}

export const MemberCreateSchema = Body(optionalFields(memberFields))
export type MemberCreate = Static<typeof MemberCreateSchema>

// PATCH also attaches the member to a company of its workspace (or detaches it with null).
export const MemberPatchSchema = Body(optionalFields({ ...memberFields, companyId: Uuid }))
export type MemberPatch = Static<typeof MemberPatchSchema>

export const MEMBER_SORTS = ['createdAt', '-createdAt', 'lastActivity', '-lastActivity', 'pulse', '-pulse'] as const

export const MemberListQuerySchema = ListQuery({
  q: SearchText,
  email: Email,
  companyId: Uuid,
  tag: Uuid,
  minLevel: Type.Integer({ minimum: 0, maximum: LEVEL_THRESHOLDS.length }),
  activeSince: DateTimeInput,
  activeUntil: DateTimeInput,
  sort: StringEnum(MEMBER_SORTS)
})
export type MemberListQuery = Static<typeof MemberListQuerySchema>

export const MemberPageSchema = Type.Object({
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totalMembers: Type.Integer(),
  members: Type.Array(MemberSchema)
})

export const MemberBody = Type.Object({ member: MemberSchema })
