import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { notFound } from '../../errors.js'
import { IdParams, withErrors } from '../../schemas/common.js'
import { MemberMergeBody, MergeBody, MergeCreateSchema, MergeParams, MergeUndoneBody } from '../../schemas/merges.js'
import type { Store } from '../../store/types.js'

// Merging a member into another, and undoing it exactly (docs/identity.md).
export const mergeRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.post('/members/:id/merge', {
    schema: {
      operationId: 'mergeMember',
      summary: 'Merge a member into this one',
      description: 'Merges the member `memberId` names into this one, in one transaction: its activities move over, ' +
        '`emails`, `phones` and `tags` are unioned (this member\'s first, order kept, each once; the other\'s ' +
        '`primaryEmail` joins `emails`), this member\'s empty fields (`primaryEmail` and `companyId` included) are ' +
        'filled from the other, `firstActivity`, `lastActivity`, `pulse` and `level` cover both, and the other member ' +
        'is gone (404). The answer\'s `merge` can be undone for 30 days.',
      tags: ['members'],
      params: IdParams,
      body: MergeCreateSchema,
      response: withErrors({ 200: MemberMergeBody }, 404, 409, 413, 415)
    }
  }, async (request) => {
    const merged = await store.merges.merge(request.workspaceId, request.params.id, request.body.memberId)
    if (merged === undefined) throw notFound()
    return merged
  })

  app.get('/merges/:mergeId', {
    schema: {
      operationId: 'getMerge',
      summary: 'Get a merge',
      description: 'A merge of the workspace that has not been undone (one undone is gone: 404).',
      tags: ['members'],
      params: MergeParams,
      response: withErrors({ 200: MergeBody }, 404)
    }
  }, async (request) => {
    const merge = await store.merges.get(request.workspaceId, request.params.mergeId)
    if (merge === undefined) throw notFound()
    return { merge }
  })

  app.post('/merges/:mergeId/undo', {
    schema: {
      operationId: 'undoMerge',
      summary: 'Undo a merge',
      description: 'Restores both members exactly as they were before the merge: every field and derived value, and ' +
        'which activities belonged to whom (those created for the kept member since stay with it). Refused with a ' +
        '409 saying why when it can no longer be exact: the kept member was deleted, merged again or edited since; an ' +
        'activity the merge moved was edited, moved or deleted since; the merged member\'s company was deleted; either ' +
        'member was erased; or the merge is older than 30 days. Never a partial undo.',
      tags: ['members'],
      params: MergeParams,
      response: withErrors({ 200: MergeUndoneBody }, 404, 409, 413, 415)
    }
  }, async (request) => {
    const members = await store.merges.undo(request.workspaceId, request.params.mergeId)
    if (members === undefined) throw notFound()
    return { members }
  })
}
