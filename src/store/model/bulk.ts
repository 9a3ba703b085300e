import { checkActivityReferences, itemOutcome } from './rules.js'
import type { ActivityRow } from './records.js'
import { InvalidFieldError, type ActivityInput, type ItemError } from '../types.js'

// A bulk write of activities whose items are independent, judged for all at once (both stores): each item names
// its member by id, no two share a (source, externalId), and none moves the activity it finds to another member,
// type or channel (a re-delivered event edits its text). Then no item changes what another item reads, so each
// item's rules can be judged against what the database held before the batch, and the valid items written
// together (new activities as createMany writes them) instead of one after the other, each in a savepoint.
// Items of another shape go one by one.

export type InputWithMemberId = ActivityInput & { memberId: string }

/** What a bulk item does: makes an activity, edits the one it found, or answers its error and writes nothing. */
export type Judgement = { error: ItemError } | { input: InputWithMemberId, found?: ActivityRow }

export interface Known {
  /** The row each item's (source, externalId) names, if any. */
  found: ReadonlyArray<ActivityRow | undefined>
  /** The id of each type key the items name, when the workspace has it. */
  typeIds: ReadonlyMap<string, string | undefined>
  memberFound: (id: string) => boolean
  recordFound: (kind: 'channel' | 'activity', id: string) => boolean
}

/** Whether the items may be judged together: each names its member by id, and no two share a key. */
export function mayBeIndependent (inputs: readonly ActivityInput[], keys: ReadonlyArray<readonly string[] | undefined>): inputs is readonly InputWithMemberId[] {
  if (inputs.some((input) => input.member !== undefined || input.memberId === undefined)) return false
  const given = keys.filter((key) => key !== undefined).map((key) => JSON.stringify(key))
  return new Set(given).size === given.length
}

/**
 * Each item's judgement, in order, as the item alone would meet it (a new one's memberId, then its references; a
 * found one's references, itself excluded); undefined when an item would move the activity it found.
 */
export function judge (inputs: readonly InputWithMemberId[], known: Known): Judgement[] | undefined {
  const judgements: Judgement[] = []
  for (const [i, input] of inputs.entries()) {
    const found = known.found[i]
    if (found !== undefined && moves(input, found, known.typeIds.get(input.activityTypeKey))) return undefined
    judgements.push(itemOutcome(() => {
      if (found === undefined && !known.memberFound(input.memberId)) throw new InvalidFieldError('memberId')
      checkActivityReferences(input, found?.id, known.recordFound)
      return found === undefined ? { input } : { input, found }
    }))
  }
  return judgements
}

/** Whether the item would give the activity it found another member, type or channel. */
export const moves = (input: InputWithMemberId, row: Pick<ActivityRow, 'member_id' | 'activity_type_id' | 'channel_id'>, typeId: string | undefined): boolean =>
  input.memberId !== row.member_id || typeId !== row.activity_type_id || (input.channelId !== undefined && input.channelId !== row.channel_id)

/** The change an item makes to the activity it found: its fields but the ones that cannot change here. */
export function editOf (input: InputWithMemberId): Omit<InputWithMemberId, 'createdAt' | 'memberId' | 'activityTypeKey' | 'member'> {
  const { createdAt, memberId, activityTypeKey, member, ...edit } = input
  return edit
}
