import type { ActivityPatch } from '../../schemas/activities.js'
import type { Clock } from '../../domain/time.js'
import { newId } from '../ids.js'
import { asActivityMemberError, checkActivityReferences, itemOutcome, putOutcomes } from '../model/rules.js'
import { InvalidFieldError, type ActivityInput, type ActivityStore, type ItemError, type MemberByEmail } from '../types.js'
import { editOf, judge, mayBeIndependent, type InputWithMemberId } from '../model/bulk.js'
import type { MemberRow } from '../model/records.js'
import { DEFAULT_POINTS } from '../../domain/engagement.js'
import { spansByMember, type AddedPoints } from '../model/engagement.js'
import { writer, type Counters, type Db } from './database.js'
import { recordTable } from './record-table.js'
import { toActivity, type ActivityRow } from '../model/records.js'
import { activities } from '../model/resources.js'
import type { SqliteEngagement } from './engagement.js'

/** What an activity write needs of the members' table: find a member by email, make one. */
export type MemberRows = Pick<ReturnType<typeof recordTable<MemberRow, MemberRow>>, 'matching' | 'insertRows'>

type RowOutcome = { row: ActivityRow, created: boolean } | { error: ItemError }

const REFERENCES = ['memberId', 'channelId', 'replyTo', 'reactTo', 'inviteTo'] as const

/** The references of a change that differ from the row's. */
function changedReferences (row: ActivityRow, input: ActivityPatch): ActivityPatch {
  const changed: ActivityPatch = {}
  for (const field of REFERENCES) {
    const [column] = activities.fields[field]
    if (input[field] !== undefined && input[field] !== row[column as keyof ActivityRow]) changed[field] = input[field]!
  }
  return changed
}

/** The activities' store, and their table and restore for a workspace's transfer. */
export function sqliteActivities (db: Db, counters: Counters, blockSize: number, clock: Clock, engagement: SqliteEngagement,
  members: MemberRows) {
  const table = recordTable(db, counters, blockSize, clock, activities, toActivity)

  const exists = {
    member: db.prepare('SELECT 1 FROM members WHERE workspace_id = ? AND id = ?').pluck(),
    channel: db.prepare('SELECT 1 FROM channels WHERE workspace_id = ? AND id = ?').pluck(),
    activity: db.prepare('SELECT 1 FROM activities WHERE workspace_id = ? AND id = ?').pluck()
  }
  const selectType = db.prepare('SELECT id FROM activity_types WHERE workspace_id = ? AND key = ?').pluck()
  const insertType = db.prepare(`INSERT INTO activity_types (workspace_id, id, key, name, points, channel_points, created_at, updated_at)
    VALUES (@workspace_id, @id, @key, @key, ${DEFAULT_POINTS}, '[]', @now, @now)`)
  const clearReferences = ['reply_to', 'react_to', 'invite_to'].map((column) => db.prepare(`
    UPDATE activities SET ${column} = NULL, updated_at = ? WHERE workspace_id = ? AND ${column} = ?`))

  // A member's derived fields follow its activities in the same transaction: the count by atomic increments,
  // first/last activity by min/max over the (workspace_id, member_id, created_at) index; pulse by engagement.ts.
  const attach = db.prepare(`UPDATE members SET activity_count = activity_count + @n,
      first_activity = min(coalesce(first_activity, @first), @first), last_activity = max(coalesce(last_activity, @last), @last)
    WHERE workspace_id = @workspace_id AND id = @member_id`)
  const detach = db.prepare(`UPDATE members SET activity_count = activity_count - 1,
      first_activity = (SELECT min(created_at) FROM activities WHERE workspace_id = @workspace_id AND member_id = @member_id),
      last_activity = (SELECT max(created_at) FROM activities WHERE workspace_id = @workspace_id AND member_id = @member_id)
    WHERE workspace_id = @workspace_id AND id = @member_id`)
  // The same with the pulse the activities give (engagement.addedPointsOf): one update of the member instead of two (each
  // rewrites the row and the entries of the columns it sets). A column in SET has its index entries rewritten even
  // when its value stays, so the member's state, read first, picks the statement that sets only what moves: an
  // excluded or stale pulse stays as it is, and pulse_until (in two indexes) moves only for a member whose counted
  // activities all leave the window after the new ones do (one with none counted, mostly).
  const memberState = db.prepare('SELECT pulse_until, excluded FROM members WHERE workspace_id = ? AND id = ?')
  const attachWithPoints = db.prepare(`UPDATE members SET activity_count = activity_count + @n,
      first_activity = min(coalesce(first_activity, @first), @first), last_activity = max(coalesce(last_activity, @last), @last),
      pulse = pulse + @points
    WHERE workspace_id = @workspace_id AND id = @member_id`)
  const attachWithPointsUntil = db.prepare(`UPDATE members SET activity_count = activity_count + @n,
      first_activity = min(coalesce(first_activity, @first), @first), last_activity = max(coalesce(last_activity, @last), @last),
      pulse = pulse + @points, pulse_until = @until
    WHERE workspace_id = @workspace_id AND id = @member_id`)
  type MemberState = Pick<MemberRow, 'pulse_until' | 'excluded'>
  /** The member's pulse state, or undefined when the workspace has no such member. */
  const stateOf = (workspaceId: string, memberId: string) => memberState.get(workspaceId, memberId) as MemberState | undefined
  /**
   * Attaches to each member its activities created at `ats` (in the order of `memberIds`), and with `points` (at `now`) the
   * pulse they give; fails as memberId for one that does not exist. `states`: members' states already read.
   */
  const attachToMembers = (workspaceId: string, memberIds: readonly string[], ats: readonly number[], points?: ReadonlyMap<string, AddedPoints>, now = 0,
    states?: ReadonlyMap<string, MemberState>): void => {
    for (const [memberId, { n, first, last }] of spansByMember(memberIds, ats)) {
      const member = { workspace_id: workspaceId, member_id: memberId, n, first, last }
      const added = points?.get(memberId)
      if (added === undefined) {
        if (attach.run(member).changes === 0) throw new InvalidFieldError('memberId')
        continue
      }
      const state = states?.get(memberId) ?? stateOf(workspaceId, memberId)
      if (state === undefined) throw new InvalidFieldError('memberId')
      if (state.excluded === 1 || state.pulse_until <= now || (added.points === 0 && added.until >= state.pulse_until)) attach.run(member)
      else if (added.until < state.pulse_until) attachWithPointsUntil.run({ ...member, ...added })
      else attachWithPoints.run({ ...member, points: added.points })
    }
  }
  const detachFromMember = (row: ActivityRow) => {
    detach.run({ workspace_id: row.workspace_id, member_id: row.member_id })
    engagement.removed(row)
  }

  function checkReferences (workspaceId: string, input: ActivityPatch, self?: string): void {
    if (input.memberId != null && exists.member.get(workspaceId, input.memberId) === undefined) throw new InvalidFieldError('memberId')
    checkActivityReferences(input, self, (kind, id) => exists[kind].get(workspaceId, id) !== undefined)
  }

  // Activity types are per workspace, created on first use of their key. A bulk write keeps the ids it found for
  // the length of its transaction, in which no other writer can delete a type.
  let batchTypes: Map<string, string> | undefined
  function activityTypeId (workspaceId: string, key: string): string {
    const known = batchTypes?.get(key)
    if (known !== undefined) return known
    let id = selectType.get(workspaceId, key) as string | undefined
    if (id === undefined) insertType.run({ workspace_id: workspaceId, id: id = newId(), key, now: clock() })
    batchTypes?.set(key, id)
    return id
  }

  /** The input with its member resolved to an id: the workspace's member with `member`'s email, made when none has it. */
  function resolveMember (workspaceId: string, input: ActivityInput): InputWithMemberId {
    if (input.member === undefined) return input
    const { member, ...rest } = input
    return { ...rest, memberId: memberByEmail(workspaceId, member, input.source ?? 'Api') }
  }
  function memberByEmail (workspaceId: string, member: MemberByEmail, source: string): string {
    const found = members.matching(workspaceId, [member.primaryEmail.toLowerCase()])
    if (found !== undefined) return found.id
    try {
      return members.insertRows(workspaceId, [member], [{ source }], true)[0]!.id
    } catch (error) {
      throw asActivityMemberError(error)
    }
  }

  /**
   * New activities: the members are checked first (the first that does not exist fails as memberId), then each
   * input's references (unless `judged`: a bulk batch checked them all before), and its type found; then each
   * member's counts move once, with the pulse the activities give (in a bulk write that waits for its end), and
   * the rows go in.
   */
  function insertAll (workspaceId: string, given: readonly ActivityInput[], matched = false, judged = false): ActivityRow[] {
    const inputs = given.map((input) => resolveMember(workspaceId, input))
    const now = clock()
    const ats = inputs.map((input) => input.createdAt ?? now)
    const memberIds = inputs.map((input) => input.memberId)
    const states = new Map<string, MemberState>()
    if (!judged) {
      for (const memberId of new Set(memberIds)) {
        const state = stateOf(workspaceId, memberId)
        if (state === undefined) throw new InvalidFieldError('memberId')
        states.set(memberId, state)
      }
    }
    const extras = inputs.map((input, i) => {
      if (!judged) checkReferences(workspaceId, { ...input, memberId: undefined })
      return { activity_type_id: activityTypeId(workspaceId, input.activityTypeKey), created_at: ats[i]!, updated_at: now }
    })
    const counted = inputs.map((input, i) => ({ workspace_id: workspaceId, member_id: input.memberId, channel_id: input.channelId ?? null, ...extras[i]! }))
    const deferred = pendingEngagement !== undefined
    attachToMembers(workspaceId, memberIds, ats, deferred ? undefined : engagement.addedPointsOf(counted, now), now, states)
    const rows = table.insertRows(workspaceId, inputs, extras, matched)
    if (deferred) pendingEngagement!.push(...rows)
    else engagement.counted(rows)
    return rows
  }
  const write = writer(db)
  const create = db.transaction((workspaceId: string, input: ActivityInput) => insertAll(workspaceId, [input])[0]!)
  const createMany = db.transaction(insertAll)

  // While a bulk write runs, the daily counts and pulses of the activities it inserts are added once, at its end,
  // or before an item changes an activity's counted part (its member, type or channel).
  let pendingEngagement: ActivityRow[] | undefined
  function addPending (): void {
    if (pendingEngagement === undefined || pendingEngagement.length === 0) return
    engagement.added(pendingEngagement, clock())
    pendingEngagement = []
  }

  /**
   * A change of a row read in this transaction. A reference the change leaves as it is needs no check: the record
   * it names is there (deleting one clears or deletes what names it).
   */
  function updateRow (row: ActivityRow, input: ActivityPatch): ActivityRow {
    const workspaceId = row.workspace_id
    checkReferences(workspaceId, changedReferences(row, input), row.id)
    const extra = input.activityTypeKey === undefined
      ? {}
      : { activity_type_id: activityTypeId(workspaceId, input.activityTypeKey) }
    const next = table.patchRow(row, input, extra)
    if (next.member_id !== row.member_id || next.activity_type_id !== row.activity_type_id || next.channel_id !== row.channel_id) addPending()
    if (next.member_id !== row.member_id) {
      detachFromMember(row)
      attachToMembers(workspaceId, [next.member_id], [next.created_at])
      engagement.added([next], clock())
    } else if (next.activity_type_id !== row.activity_type_id || next.channel_id !== row.channel_id) {
      engagement.removed(row)
      engagement.added([next], clock())
    }
    return next
  }
  const update = db.transaction((workspaceId: string, id: string, input: ActivityPatch): ActivityRow | undefined => {
    const row = table.find(workspaceId, id)
    return row && updateRow(row, input)
  })

  // A re-delivered event updates its activity as a PATCH with the body's fields would; createdAt never moves.
  const put = db.transaction((workspaceId: string, input: ActivityInput) => {
    const found = table.matchOf(workspaceId, input)
    if (found === undefined) return { row: insertAll(workspaceId, [input], true)[0]!, created: true }
    const { createdAt, member, ...patch } = resolveMember(workspaceId, input)
    return { row: updateRow(found, patch), created: false }
  })
  /** A batch of independent items (model/bulk.ts), judged for all at once and written together; undefined for another shape. */
  function putBatch (workspaceId: string, inputs: readonly ActivityInput[]): RowOutcome[] | undefined {
    const keys = inputs.map((input) => table.keyOf(workspaceId, input))
    if (!mayBeIndependent(inputs, keys)) return undefined
    // Nothing is written while the batch is judged, so each record is looked up once (a batch names a few channels
    // and members many times).
    const seen = { member: new Map<string, boolean>(), channel: new Map<string, boolean>(), activity: new Map<string, boolean>() }
    const found = (kind: 'member' | 'channel' | 'activity', id: string): boolean => {
      let known = seen[kind].get(id)
      if (known === undefined) seen[kind].set(id, known = exists[kind].get(workspaceId, id) !== undefined)
      return known
    }
    const judgements = judge(inputs, {
      found: table.matchingMany(workspaceId, keys),
      typeIds: new Map([...new Set(inputs.map((input) => input.activityTypeKey))]
        .map((key) => [key, batchTypes?.get(key) ?? selectType.get(workspaceId, key) as string | undefined])),
      memberFound: (id) => found('member', id),
      recordFound: found
    })
    if (judgements === undefined) return undefined
    const inserted = insertAll(workspaceId, judgements.flatMap((j) => 'input' in j && j.found === undefined ? [j.input] : []), true, true)
    let n = 0
    return judgements.map((j) => 'error' in j
      ? j
      : j.found === undefined ? { row: inserted[n++]!, created: true } : { row: table.patchRow(j.found, editOf(j.input)), created: false })
  }

  // Else each input in a savepoint of its own: one that fails rolls back alone and answers its error.
  const putMany = db.transaction((workspaceId: string, inputs: readonly ActivityInput[]) => {
    batchTypes = new Map()
    pendingEngagement = []
    try {
      const outcomes = table.batched(workspaceId, () =>
        putBatch(workspaceId, inputs) ?? inputs.map((input) => itemOutcome(() => put(workspaceId, input))))
      addPending()
      return outcomes
    } finally {
      batchTypes = undefined
      pendingEngagement = undefined
    }
  })

  const remove = db.transaction((workspaceId: string, id: string): boolean => {
    const row = table.find(workspaceId, id)
    if (row === undefined) return false
    const now = clock()
    for (const statement of clearReferences) statement.run(now, workspaceId, id)
    table.deleteRow(row)
    detachFromMember(row)
    return true
  })

  // Rows as exported (their references checked by the caller): their members' counts and pulses follow, as for new ones.
  const restore = (workspaceId: string, rows: readonly ActivityRow[]): void => {
    attachToMembers(workspaceId, rows.map((row) => row.member_id), rows.map((row) => row.created_at))
    table.restoreRows(workspaceId, rows)
    engagement.added(rows, clock())
  }

  const store: ActivityStore = {
    get: table.operations.get,
    async create (workspaceId, input) {
      return toActivity(await write(() => create(workspaceId, input)))
    },
    async createMany (workspaceId, inputs) {
      return (await write(() => createMany(workspaceId, inputs))).map((row) => row.id)
    },
    async put (workspaceId, input) {
      const { row, created } = await write(() => put(workspaceId, input))
      return { record: toActivity(row), created }
    },
    async putMany (workspaceId, inputs) {
      return putOutcomes(await write(() => putMany(workspaceId, inputs)), toActivity)
    },
    async update (workspaceId, id, input) {
      const row = await write(() => update(workspaceId, id, input))
      return row && toActivity(row)
    },
    async remove (workspaceId, id) {
      return await write(() => remove(workspaceId, id))
    },
    list: table.operations.list
  }
  return { store, table, restore }
}
