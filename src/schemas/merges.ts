import { Type, type Static } from 'typebox'
import { Body, EXAMPLE, Ref, Uuid } from './common.js'
import { MEMBER_EXAMPLE, MemberSchema } from './members.js'

const MERGE_EXAMPLE = {
  id: '7a9c1e3f-5b2d-4f6a-8c0e-2d4f6a8b0c1e',
  memberId: MEMBER_EXAMPLE.id,
  mergedMemberId: '4e6f8a0b-2c4d-4e6f-8a0b-1c3e5a7c9e0f',
  createdAt: EXAMPLE.updatedAt
}

export const MergeSchema = Type.Object({
  id: Type.String(),
  memberId: Type.String({ description: 'The member kept' }),
  mergedMemberId: Type.String({ description: 'The member merged into it, gone until the merge is undone' }),
  createdAt: Type.String()
}, { $id: 'Merge', description: 'A merge of one member into another, which can be undone for 30 days', examples: [MERGE_EXAMPLE] })
export type Merge = Static<typeof MergeSchema>

export const MergeCreateSchema = Body({ memberId: Uuid }, { examples: [{ memberId: MERGE_EXAMPLE.mergedMemberId }] })

export const MemberMergeBody = Type.Object({ member: Ref(MemberSchema), merge: Ref(MergeSchema) }, {
  $id: 'MemberMergeBody', description: 'The kept member after the merge, and the merge', examples: [{ member: MEMBER_EXAMPLE, merge: MERGE_EXAMPLE }]
})

export const MergeBody = Type.Object({ merge: Ref(MergeSchema) }, { $id: 'MergeBody', description: 'The merge', examples: [{ merge: MERGE_EXAMPLE }] })

export const MergeUndoneBody = Type.Object({ members: Type.Array(Ref(MemberSchema), { minItems: 2, maxItems: 2 }) }, {
  $id: 'MergeUndoneBody',
  description: 'Both members as they were before the merge: the kept one, then the restored one',
  examples: [{ members: [MEMBER_EXAMPLE, { ...MEMBER_EXAMPLE, id: MERGE_EXAMPLE.mergedMemberId }] }]
})

export const MergeParams = Type.Object({ mergeId: Uuid }, { additionalProperties: false })
