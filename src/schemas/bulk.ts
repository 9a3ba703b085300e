import { Type, type TSchema } from 'typebox'
import { ActivitySchema } from './activities.js'
import { ChannelSchema } from './channels.js'
import { ErrorBodySchema, Ref } from './common.js'
import { CompanySchema } from './companies.js'
import { MemberSchema } from './members.js'

/** Items a bulk request may hold: enough for a backlog in a few requests, small enough for one transaction. */
export const MAX_BULK_ITEMS = 1000
/** The body limit of a bulk route (others: 1 MiB). */
export const BULK_BODY_LIMIT_BYTES = 16 * 1024 * 1024

/**
 * A bulk request: `{<items>: [...]}`, 1..MAX_BULK_ITEMS items. Each item is checked against `item` on its own
 * (its result says what was wrong with it), so here an item is only an object: typed as `item` for the handler.
 */
export function BulkBody (items: string, what: string, example: unknown): TSchema {
  return Type.Object({
    [items]: Type.Array(Type.Unsafe({ description: `${what}; each item is checked alone, and answers its own 400 when it is not one` }), {
      minItems: 1,
      maxItems: MAX_BULK_ITEMS,
      description: `1 to ${MAX_BULK_ITEMS} items, applied in order, as if sent one by one`
    })
  }, { additionalProperties: false, examples: [{ [items]: [example] }] })
}

/** A bulk answer: one result per item, in order, with the item's status and its record or its error. */
function BulkResults (id: string, record: string, schema: TSchema) {
  const example = (schema as { examples: unknown[] }).examples[0]
  return Type.Object({
    results: Type.Array(Type.Object({
      index: Type.Integer({ description: 'The item\'s place in the request, from 0' }),
      status: Type.Integer({ description: 'What the item alone would have answered: 201 created, 200 updated, or its 4xx' }),
      [record]: Type.Optional(Ref(schema)),
      error: Type.Optional(Ref(ErrorBodySchema))
    }))
  }, {
    $id: id,
    description: 'One result per item, in the order of the request',
    examples: [{ results: [{ index: 0, status: 201, [record]: example }, { index: 1, status: 400, error: { code: 'BAD_REQUEST', error: 'Invalid request', details: [{ field: 'name', message: 'is required' }] } }] }]
  })
}

export const ActivityBulkResults = BulkResults('ActivityBulkResults', 'activity', ActivitySchema)
export const MemberBulkResults = BulkResults('MemberBulkResults', 'member', MemberSchema)
export const CompanyBulkResults = BulkResults('CompanyBulkResults', 'company', CompanySchema)
export const ChannelBulkResults = BulkResults('ChannelBulkResults', 'channel', ChannelSchema)
