import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { TSchema } from 'typebox'
import { BULK_BODY_LIMIT_BYTES, BulkBody } from '../../schemas/bulk.js'
import { withErrors } from '../../schemas/common.js'
import type { PutOutcome } from '../../store/types.js'
import { toAppError } from '../plugins/error-handler.js'
import { itemValidator } from '../plugins/validation.js'

export interface BulkRoute<Item, Rec> {
  operationId: string
  summary: string
  description: string
  tag: string
  /** The body's field holding the items, and the result's field holding an item's record. */
  items: string
  record: string
  /** The body of the single write, which each item must be; its description names an item in the document. */
  item: TSchema
  /** The answer's named schema (schemas/bulk.ts BulkResults). */
  results: TSchema
  /** The items that passed their schema, written in one transaction, their outcomes in order. */
  write: (workspaceId: string, items: Item[]) => Promise<Array<PutOutcome<Rec>>>
}

/**
 * `POST <prefix>/bulk`: every item checked alone against the single write's body (a bad one answers the 400 it
 * would get alone, and is not written), the others written together; 200 with one result per item, in order.
 */
export function bulkRoute<Item, Rec> (route: BulkRoute<Item, Rec>): FastifyPluginAsyncTypebox {
  // The body's validation found all of its text well-formed, items included.
  const check = itemValidator(route.item, true)
  return async (app) => {
    app.post('/bulk', {
      bodyLimit: BULK_BODY_LIMIT_BYTES,
      schema: {
        operationId: route.operationId,
        summary: route.summary,
        description: `${route.description} The body may be up to 16 MiB.`,
        tags: [route.tag],
        body: BulkBody(route.items, `A body of the single create of a ${route.record}`, (route.item as { examples?: unknown[] }).examples?.[0]),
        response: withErrors({ 200: route.results }, 413, 415)
      }
    }, async (request) => {
      const items = (request.body as Record<string, unknown[]>)[route.items]!
      const problems = items.map(check)
      const outcomes = await route.write(request.workspaceId, items.filter((_, i) => problems[i] === undefined) as Item[])
      let written = 0
      const results = items.map((_, index) => {
        const problem = problems[index]
        const outcome = problem === undefined ? outcomes[written++]! : { error: problem }
        if ('error' in outcome) {
          const error = toAppError(outcome.error)
          return { index, status: error.statusCode, error: error.body }
        }
        return { index, status: outcome.created ? 201 : 200, [route.record]: outcome.record }
      })
      return { results }
    })
  }
}
