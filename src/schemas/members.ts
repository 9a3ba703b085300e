import { Type, type Static } from 'typebox'
import { LEVELS } from '../domain/engagement.js'
import { Body, DateTimeInput, EXAMPLE, Email, HttpUrl, List, ListQuery, NullableString, Ref, SearchText, StringEnum, Text, Uuid, optionalFields } from './common.js'

export const MEMBER_EXAMPLE = {
  id: 'c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f',
  firstName: 'Ada',
  lastName: 'Lovelace',
  primaryEmail: 'ada@acme.com',
  emails: ['ada@acme.com', 'ada.lovelace@mail.acme.com'],
  phones: ['+44 20 7946 0000'],
  jobTitle: 'CTO',
  avatarUrl: 'https://acme.com/ada.png',
  language: 'en',
  country: 'GB',
  tags: [],
  level: 3,
  pulse: 42,
  source: 'Api',
  companyId: '8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70',
  workspaceId: EXAMPLE.workspaceId,
  firstActivity: '2025-11-02T08:15:00Z',
  lastActivity: '2026-01-05T09:30:00Z',
  createdAt: EXAMPLE.createdAt,
  updatedAt: EXAMPLE.updatedAt
}

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
  pulse: Type.Integer(),
  source: Type.String(),
  companyId: NullableString,
  workspaceId: Type.String(),
  firstActivity: NullableString,
  lastActivity: NullableString,
  createdAt: Type.String(),
  updatedAt: Type.String()
}, { $id: 'Member', description: 'A member of the workspace; level, pulse, firstActivity and lastActivity derive from its activities', examples: [MEMBER_EXAMPLE] })
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

export const MemberCreateSchema = Body(optionalFields(memberFields), {
  examples: [{ firstName: 'Ada', lastName: 'Lovelace', primaryEmail: 'ada@acme.com', linkedinUrl: 'https://linkedin.com/in/ada' }]
})
export type MemberCreate = Static<typeof MemberCreateSchema>

/** A member named by its email (ingestion): the member create fields, `primaryEmail` required. */
export const MemberByEmailSchema = Body({ ...optionalFields(memberFields), primaryEmail: Email }, {
  examples: [{ primaryEmail: 'ada@acme.com', firstName: 'Ada', lastName: 'Lovelace' }]
})

// PATCH also attaches the member to a company of its workspace (or detaches it with null).
export const MemberPatchSchema = Body(optionalFields({ ...memberFields, companyId: Uuid }), {
  examples: [{ jobTitle: 'CTO', companyId: '8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70', phones: null }]
})
export type MemberPatch = Static<typeof MemberPatchSchema>

export const MEMBER_SORTS = ['createdAt', '-createdAt', 'lastActivity', '-lastActivity', 'pulse', '-pulse'] as const

export const MemberListQuerySchema = ListQuery({
  q: SearchText,
  email: Email,
  companyId: Uuid,
  tag: Uuid,
  minLevel: Type.Integer({ minimum: 0, maximum: LEVELS }),
  activeSince: DateTimeInput,
  activeUntil: DateTimeInput,
  sort: StringEnum(MEMBER_SORTS)
})
export type MemberListQuery = Static<typeof MemberListQuerySchema>

export const MemberPageSchema = Type.Object({
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totalMembers: Type.Integer(),
  members: Type.Array(Ref(MemberSchema))
}, {
  $id: 'MemberPage',
  description: 'A page of members and the total the filters match',
  examples: [{ page: 1, pageSize: 10, totalMembers: 1, members: [MEMBER_EXAMPLE] }]
})

export const MemberBody = Type.Object({ member: Ref(MemberSchema) }, { $id: 'MemberBody', description: 'The member', examples: [{ member: MEMBER_EXAMPLE }] })
