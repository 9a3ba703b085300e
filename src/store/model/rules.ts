import { IDENTITY_FIELD, IDENTITY_RULE, hasIdentity, type Identity } from '../../domain/members.js'
import { ConflictError, InvalidFieldError, isItemError, type ItemError, type PutOutcome } from '../types.js'
import type { MemberRow } from './records.js'

// Rules of a write that both stores apply, in one order, so a write that breaks several fails the same way on
// each. As for activities (memberId, channelId, replyTo, reactTo, inviteTo), a write's fields are judged in
// the order of the record's fields, and a rule about several fields at the place of its first one.

/** The fields of a member row that make it someone. */
export const identity = (row: MemberRow): Identity =>
  ({ firstName: row.first_name, lastName: row.last_name, primaryEmail: row.primary_email, emails: row.emails })

/**
 * A member write's first problem, if any: its identity (firstName, lastName, primaryEmail: one must be left),
 * then the company it names. `companyId` is the company the write sets, or null when it sets none (or keeps the
 * member's own, which exists: deleting a company detaches its members); `companyFound` says whether a company of
 * the workspace has that id, looked up by the caller (before, or when asked).
 */
export function checkMember (member: Identity, companyId: string | null, companyFound: (companyId: string) => boolean): void {
  if (!hasIdentity(member)) throw new InvalidFieldError(IDENTITY_FIELD, IDENTITY_RULE)
  if (companyId !== null && !companyFound(companyId)) throw new InvalidFieldError('companyId')
}

/** A refused write of the member an activity names by email, as the activity's error: its field under `member`. */
export function asActivityMemberError (error: unknown): unknown {
  if (error instanceof ConflictError) return new ConflictError(`member.${error.field}`, error.reason, error.id)
  if (error instanceof InvalidFieldError) return new InvalidFieldError(`member.${error.field}`, error.reason)
  return error
}

type ActivityReference = 'channelId' | 'replyTo' | 'reactTo' | 'inviteTo'
const ACTIVITY_REFERENCES: ReadonlyArray<readonly [ActivityReference, 'channel' | 'activity']> =
  [['channelId', 'channel'], ['replyTo', 'activity'], ['reactTo', 'activity'], ['inviteTo', 'activity']]

/**
 * An activity write's first problem among the references after its member (each store checks memberId first, as
 * it takes the member's lock there): channelId, replyTo, reactTo, inviteTo in turn. A reply, reaction or
 * invitation to the activity itself (`self`) fails as such; a channelId holding the activity's own id names no
 * channel, like any other id that is not a channel's. `found` says whether the workspace has that record.
 */
export function checkActivityReferences (input: Partial<Record<ActivityReference, string | null>>, self: string | undefined,
  found: (kind: 'channel' | 'activity', id: string) => boolean): void {
  for (const [field, kind] of ACTIVITY_REFERENCES) {
    const id = input[field]
    if (id == null) continue
    if (kind === 'activity' && id === self) throw new InvalidFieldError(field, 'cannot name the activity itself')
    if (!found(kind, id)) throw new InvalidFieldError(field)
  }
}

/** Runs one item of a bulk write (in a savepoint of its own): its result, or its error when it broke a rule. */
export function itemOutcome<T extends object> (run: () => T): T | { error: ItemError } {
  try {
    return run()
  } catch (error) {
    if (isItemError(error)) return { error }
    throw error
  }
}

/** itemOutcome for a write that answers a promise. */
export async function settledItem<T extends object> (run: () => Promise<T>): Promise<T | { error: ItemError }> {
  try {
    return await run()
  } catch (error) {
    if (isItemError(error)) return { error }
    throw error
  }
}

/** A bulk write's outcomes as the store answers them: each written row as its record, each error as it is. */
export const putOutcomes = <Row, Rec> (outcomes: ReadonlyArray<{ row: Row, created: boolean } | { error: ItemError }>,
  toRecord: (row: Row) => Rec): Array<PutOutcome<Rec>> =>
    outcomes.map((outcome) => 'error' in outcome ? outcome : { record: toRecord(outcome.row), created: outcome.created })
