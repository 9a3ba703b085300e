import type { ActivityPatch } from '../../schemas/activities.js'
import { DEFAULT_POINTS } from '../../domain/engagement.js'
import type { Clock } from '../../domain/time.js'
import { newId } from '../ids.js'
import { asActivityMemberError, checkActivityReferences, putOutcomes } from '../model/rules.js'
import { InvalidFieldError, type ActivityInput, type ActivityStore, type ItemError, type MemberByEmail } from '../types.js'
import { isId } from '../../domain/uuid.js'
import { allSettled, eachInSavepoint, existingIds, Retry, statement, transaction, type Counters, type Db, type Pool } from './database.js'
import { lockKeys, recordTable } from './record-table.js'
import { toActivity, type ActivityRow, type MemberRow } from '../model/records.js'
import { toColumns } from '../model/columns.js'
import { sameKey } from '../model/matching.js'
import { editOf, judge, mayBeIndependent, moves, type InputWithMemberId } from '../model/bulk.js'
import { activities } from '../model/resources.js'
import { spansByMember } from '../model/engagement.js'
import { lockPointsForWrite, type PostgresEngagement } from './engagement.js'
import type { FastPaths } from './fast-paths.js'

// Concurrency: every write that changes a member's activities first takes that member's row lock (a create by the
// atomic UPDATE in `attach`, or FOR NO KEY UPDATE on the fast path of a known type, fast-paths.ts; a move by FOR
// UPDATE on both members in ascending id order, a member delete by FOR UPDATE). So the increments are exact, and the
// min/max recount in `detach` runs after every other writer of the member has committed or is waiting: each
// statement of a READ COMMITTED transaction sees what committed before it began. Row locks are taken in one order everywhere (members, then activities, then
// counters), so writers queue instead of deadlocking. Before all of them come the advisory locks of the
// (source, externalId) pairs and member emails a write finds or makes records by (model/matching.ts), all at
// once, in ascending order.

/** What an activity write needs of the members' table: find a member by email, make one. */
export type MemberRows = Pick<ReturnType<typeof recordTable<MemberRow, MemberRow>>, 'matching' | 'insertRow' | 'locksOf'>

type RowOutcome = { row: ActivityRow, created: boolean } | { error: ItemError }

/** The activities' store, and their table and restore for a workspace's transfer; with `fast`, its fast paths (fast-paths.ts). */
export function postgresActivities (pool: Pool, counters: Counters, blockSize: number, clock: Clock, engagement: PostgresEngagement,
  members: MemberRows, fast?: FastPaths) {
  const table = recordTable(pool, counters, blockSize, clock, activities, toActivity, {}, fast)

  const membersFound = existingIds('members')
  const channelsFound = existingIds('channels')
  const activitiesFound = existingIds('activities')

  const memberOf = statement<{ member_id: string, source: string, external_id: string | null }>(
    'SELECT member_id, source, external_id FROM activities WHERE workspace_id = $1 AND id = $2')
  const lockMembers = statement<{ id: string }>(
    'SELECT id FROM members WHERE workspace_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE')
  // FOR KEY SHARE: the type found stays until the write commits. A delete of the type locks its row first and then
  // looks for its activities, so it either waits for this write and finds its activity, or goes first and this
  // look-up finds no type (and the write makes it anew).
  const selectType = statement<{ id: string }>('SELECT id FROM activity_types WHERE workspace_id = $1 AND key = $2 FOR KEY SHARE')
  const insertType = statement<{ id: string }>(`INSERT INTO activity_types (workspace_id, id, key, name, points, channel_points,
      created_at, updated_at)
    VALUES ($1, $2, $3, $3, ${DEFAULT_POINTS}, '[]', to_timestamp($4), to_timestamp($4)) ON CONFLICT (workspace_id, key) DO NOTHING RETURNING id`)
  const deleteActivity = statement('DELETE FROM activities WHERE workspace_id = $1 AND id = $2')
  // Activities that pointed at a removed one keep no dangling reference. This runs after the delete (the
  // references are deferred foreign keys, checked at commit), and the removed row was locked first, so a
  // reference another transaction adds meanwhile waits for this one and then fails as its field.
  const clearReferences = statement(`UPDATE activities SET
      reply_to = CASE WHEN reply_to = $2 THEN NULL ELSE reply_to END,
      react_to = CASE WHEN react_to = $2 THEN NULL ELSE react_to END,
      invite_to = CASE WHEN invite_to = $2 THEN NULL ELSE invite_to END,
      updated_at = to_timestamp($3)
    WHERE workspace_id = $1 AND (reply_to = $2 OR react_to = $2 OR invite_to = $2)`)

  // A member's derived fields follow its activities in the same transaction: the count by atomic increments,
  // first/last activity by least/greatest, or on removal by min/max over the (workspace_id, member_id, created_at)
  // index; pulse by engagement.ts. `attach` also checks that the member exists and locks it.
  const attach = statement<{ id: string }>(`UPDATE members SET activity_count = activity_count + 1,
      first_activity = least(first_activity, to_timestamp($3)), last_activity = greatest(last_activity, to_timestamp($3))
    WHERE workspace_id = $1 AND id = $2 RETURNING id`)
  // The same for many activities at once: each member's counts move once, by the batch's count, min and max.
  const attachMany = statement<{ id: string }>(`UPDATE members m SET activity_count = m.activity_count + d.n,
      first_activity = least(m.first_activity, to_timestamp(d.first)), last_activity = greatest(m.last_activity, to_timestamp(d.last))
    FROM unnest($2::uuid[], $3::int8[], $4::float8[], $5::float8[]) AS d (id, n, first, last)
    WHERE m.workspace_id = $1 AND m.id = ANY($2::uuid[]) AND m.id = d.id RETURNING m.id`)
  const detach = statement(`UPDATE members SET activity_count = activity_count - 1,
      first_activity = (SELECT min(created_at) FROM activities WHERE workspace_id = $1 AND member_id = $2),
      last_activity = (SELECT max(created_at) FROM activities WHERE workspace_id = $1 AND member_id = $2)
    WHERE workspace_id = $1 AND id = $2`)

  /** Looks up the references `input` sets, together, then judges them by the rule both stores apply. */
  async function checkReferences (db: Db, workspaceId: string, input: ActivityPatch, self?: string): Promise<void> {
    const [channels, activities] = await allSettled([
      channelsFound(db, workspaceId, [input.channelId]),
      activitiesFound(db, workspaceId, [input.replyTo, input.reactTo, input.inviteTo])
    ])
    checkActivityReferences(input, self, (kind, id) => (kind === 'channel' ? channels : activities).has(id))
  }

  const fastActivities = fast?.activities({ table, clock, checkReferences })

  // Activity types are per workspace, created on first use of their key. Two writers adding the same key at
  // once: the second waits on the unique index, inserts nothing, and then reads the first one's row.
  async function activityTypeId (db: Db, workspaceId: string, key: string): Promise<string> {
    const known = fastActivities?.typeId(workspaceId, key)
    if (known !== undefined) return known
    const [found] = await selectType(db, workspaceId, key)
    if (found !== undefined) return found.id
    const [inserted] = await insertType(db, workspaceId, newId(), key, clock())
    if (inserted !== undefined) return inserted.id
    const [raced] = await selectType(db, workspaceId, key)
    if (raced === undefined) throw new Retry()
    return raced.id
  }

  /** The locks a write of the input takes first: its (source, externalId), the emails of its member. */
  function locksOf (workspaceId: string, input: ActivityInput): bigint[] {
    const key = table.keyOf(workspaceId, input)
    return [
      ...(key === undefined ? [] : [table.lockOfKey(workspaceId, key)]),
      // Its member's emails, and the domain whose company making that member may make.
      ...(input.member === undefined ? [] : members.locksOf(workspaceId, [input.member]))
    ]
  }

  /** The input with its member resolved to an id: the workspace's member with `member`'s email, made when none has it (its lock taken). */
  async function resolveMember (tx: Db, workspaceId: string, input: ActivityInput): Promise<InputWithMemberId> {
    if (input.member === undefined) return input
    const { member, ...rest } = input
    return { ...rest, memberId: await memberByEmail(tx, workspaceId, member, input.source ?? 'Api') }
  }
  async function memberByEmail (tx: Db, workspaceId: string, member: MemberByEmail, source: string): Promise<string> {
    const found = await members.matching(tx, workspaceId, [member.primaryEmail.toLowerCase()])
    if (found !== undefined) return found.id
    try {
      return (await members.insertRow(tx, workspaceId, member, { source }, true)).id
    } catch (error) {
      throw asActivityMemberError(error)
    }
  }

  /**
   * Sends a new activity's member update (its lock and counts) and reference checks; `checked` fails as the first
   * field that names no record. `extra` holds the row's times.
   */
  function attachAndCheck (tx: Db, workspaceId: string, input: InputWithMemberId) {
    if (!isId(workspaceId) || !isId(input.memberId)) throw new InvalidFieldError('memberId')
    const now = clock()
    const at = input.createdAt ?? now
    const memberId = input.memberId
    const checked = allSettled([
      lockPointsForWrite(tx, workspaceId),
      (async () => {
        if ((await attach(tx, workspaceId, memberId, at)).length === 0) throw new InvalidFieldError('memberId')
      })(),
      checkReferences(tx, workspaceId, input)
    ])
    return { checked, extra: { created_at: at, updated_at: now } }
  }

  /**
   * A new activity: its member's lock and counts and its references first, then its type found or made, then the row
   * (a type the fast paths remember: theirs).
   */
  async function insert (tx: Db, workspaceId: string, input: InputWithMemberId, matched = false): Promise<ActivityRow> {
    const fastRow = fastActivities?.insert(tx, workspaceId, input, matched)
    if (fastRow !== undefined) return await fastRow
    const { checked, extra } = attachAndCheck(tx, workspaceId, input)
    // A type made here is made after the member's lock, as every write takes that lock first.
    await checked
    const typed = { ...extra, activity_type_id: await activityTypeId(tx, workspaceId, input.activityTypeKey) }
    const counted = { workspace_id: workspaceId, member_id: input.memberId, channel_id: input.channelId ?? null, ...typed }
    const [row] = await allSettled([table.insertRow(tx, workspaceId, input, typed, matched), engagement.added(tx, [counted], extra.updated_at)])
    return row
  }

  /**
   * Many new activities, set-based: every member's counts move in one statement (the members locked first, in id
   * order, as a single create locks its one), the references of all inputs are looked up with one statement per
   * table, and each new type is found or made once. The first bad field of the first bad input fails the batch,
   * members before other references (as on SQLite). Answers each input's row times and type.
   */
  async function attachAndCheckMany (tx: Db, workspaceId: string, inputs: readonly InputWithMemberId[]) {
    if (!isId(workspaceId) || !inputs.every((input) => isId(input.memberId))) throw new InvalidFieldError('memberId')
    const now = clock()
    const ats = inputs.map((input) => input.createdAt ?? now)
    const spans = spansByMember(inputs.map((input) => input.memberId), ats)
    const ids = [...spans.keys()].sort()
    const sums = ids.map((id) => spans.get(id)!)
    const [, , attached, channels, activities] = await allSettled([
      lockPointsForWrite(tx, workspaceId),
      lockMembers(tx, workspaceId, ids),
      attachMany(tx, workspaceId, ids, sums.map((m) => m.n), sums.map((m) => m.first), sums.map((m) => m.last)),
      channelsFound(tx, workspaceId, inputs.map((input) => input.channelId)),
      activitiesFound(tx, workspaceId, inputs.flatMap((input) => [input.replyTo, input.reactTo, input.inviteTo]))
    ])
    if (attached.length < ids.length) throw new InvalidFieldError('memberId')
    for (const input of inputs) checkActivityReferences(input, undefined, (kind, id) => (kind === 'channel' ? channels : activities).has(id))
    const typeIds = new Map<string, string>()
    for (const key of new Set(inputs.map((input) => input.activityTypeKey))) typeIds.set(key, await activityTypeId(tx, workspaceId, key))
    return inputs.map((input, i) => ({ activity_type_id: typeIds.get(input.activityTypeKey), created_at: ats[i], updated_at: now }))
  }

  /**
   * A change of an activity, inside a transaction: the pair it would take locked first (its uniqueness is checked
   * when the row is written), then the members (the current one and the one it moves to), then the activity.
   */
  async function updateIn (tx: Db, workspaceId: string, id: string, input: ActivityPatch): Promise<ActivityRow | undefined> {
    const [current] = await memberOf(tx, workspaceId, id)
    if (current === undefined) return undefined
    const pair = activities.match.key({ ...current, ...toColumns(activities.fields, input) } as ActivityRow)
    if (pair !== undefined && !sameKey(pair, activities.match.key(current as ActivityRow))) await lockKeys(tx, [table.lockOfKey(workspaceId, pair)])
    const target = input.memberId
    const wanted = isId(target) ? [current.member_id, target] : [current.member_id]
    const [, members] = await allSettled([lockPointsForWrite(tx, workspaceId), lockMembers(tx, workspaceId, wanted)])
    const locked = new Set(members.map((row) => row.id))
    const row = await table.find(tx, workspaceId, id, true)
    if (row === undefined) return undefined
    // Moved, or given another pair, by another writer between the first read and the locks: start over.
    if (row.member_id !== current.member_id || row.source !== current.source || row.external_id !== current.external_id) throw new Retry()
    if (target != null && !locked.has(target)) throw new InvalidFieldError('memberId')
    await checkReferences(tx, workspaceId, input, id)
    const extra = input.activityTypeKey === undefined
      ? {}
      : { activity_type_id: await activityTypeId(tx, workspaceId, input.activityTypeKey) }
    const next = await table.patchRow(tx, row, input, extra)
    if (next.member_id !== row.member_id) {
      await detach(tx, workspaceId, row.member_id)
      await attach(tx, workspaceId, next.member_id, next.created_at)
    }
    if (next.member_id !== row.member_id || next.activity_type_id !== row.activity_type_id || next.channel_id !== row.channel_id) {
      await engagement.removed(tx, row)
      await engagement.added(tx, [next], clock())
    }
    return next
  }

  /**
   * The activity of the input's (source, externalId) updated from it as a PATCH would (createdAt never moves), or
   * a new one; the input's locks already taken.
   */
  async function putIn (tx: Db, workspaceId: string, input: ActivityInput): Promise<{ row: ActivityRow, created: boolean }> {
    const found = await table.matching(tx, workspaceId, table.keyOf(workspaceId, input))
    const { createdAt, member, ...patch } = await resolveMember(tx, workspaceId, input)
    if (found === undefined) return { row: await insert(tx, workspaceId, { ...patch, ...(createdAt === undefined ? {} : { createdAt }) }, true), created: true }
    const row = await updateIn(tx, workspaceId, found.id, patch)
    // The row was found under the pair's lock, which every write giving an activity a pair takes: it is still there.
    return { row: row!, created: false }
  }

  /**
   * A bulk write of independent items, set-based: each names its member by id, no two share a pair, and none
   * moves a found activity to another member, type or channel (a re-delivered event edits its text). Then the items
   * change nothing another item reads, so every rule is judged for all at once against what the database holds,
   * and the valid ones are written together, new activities as createMany writes them: a few round trips for the
   * whole batch instead of several per item. Answers undefined for items of another shape (they go one by one).
   */
  async function putBatch (tx: Db, workspaceId: string, inputs: readonly ActivityInput[]): Promise<RowOutcome[] | undefined> {
    const keys = inputs.map((input) => table.keyOf(workspaceId, input))
    if (!isId(workspaceId) || !mayBeIndependent(inputs, keys)) return undefined
    const typeKeys = [...new Set(inputs.map((input) => input.activityTypeKey))]
    const [found, members, channels, activities, typeIds] = await allSettled([
      table.matchingMany(tx, workspaceId, keys),
      membersFound(tx, workspaceId, inputs.map((input) => input.memberId)),
      channelsFound(tx, workspaceId, inputs.map((input) => input.channelId)),
      activitiesFound(tx, workspaceId, inputs.flatMap((input) => [input.replyTo, input.reactTo, input.inviteTo])),
      Promise.all(typeKeys.map(async (key) => fastActivities?.typeId(workspaceId, key) ?? (await selectType(tx, workspaceId, key))[0]?.id))
    ])
    const judgements = judge(inputs, {
      found,
      typeIds: new Map(typeKeys.map((key, i) => [key, typeIds[i]])),
      memberFound: (id) => members.has(id),
      recordFound: (kind, id) => (kind === 'channel' ? channels : activities).has(id)
    })
    if (judgements === undefined) return undefined
    const fresh = judgements.flatMap((j) => 'input' in j && j.found === undefined ? [j.input] : [])
    const edited = judgements.flatMap((j) => 'input' in j && j.found !== undefined ? [{ input: j.input, row: j.found }] : [])
    const inserted = fresh.length === 0 ? [] : await table.insertRows(tx, workspaceId, fresh, await attachChecked(tx, workspaceId, fresh), true)
    if (inserted.length > 0) await engagement.added(tx, inserted, clock())
    // The found rows again, locked now, after the members' locks (as every write takes them): one a concurrent
    // write moved meanwhile makes this a batch of another shape, tried again from the start.
    const lockedRows = await table.findManyForUpdate(tx, workspaceId, edited.map(({ row }) => row.id))
    const locked = edited.map(({ input, row }) => {
      const now = lockedRows.get(row.id)
      if (now === undefined || moves(input, now, row.activity_type_id)) throw new Retry()
      return now
    })
    const patched = await table.patchRows(tx, edited.map(({ input }, j) => ({ row: locked[j]!, input: editOf(input) })))
    let [n, m] = [0, 0]
    return judgements.map((j) => 'error' in j ? j : j.found === undefined ? { row: inserted[n++]!, created: true } : { row: patched[m++]!, created: false })
  }

  /** attachAndCheckMany for inputs already checked: a member deleted since (no lock held then) asks for the batch again. */
  async function attachChecked (tx: Db, workspaceId: string, inputs: readonly InputWithMemberId[]) {
    try {
      return await attachAndCheckMany(tx, workspaceId, inputs)
    } catch (error) {
      if (error instanceof InvalidFieldError) throw new Retry()
      throw error
    }
  }

  // Rows as exported (their references checked by the caller, and by the deferred foreign keys at commit): their
  // members' counts and pulses follow, as for new ones; each member's counts move once.
  async function restore (db: Db, workspaceId: string, rows: readonly ActivityRow[]): Promise<void> {
    const spans = spansByMember(rows.map((row) => row.member_id), rows.map((row) => row.created_at))
    const ids = [...spans.keys()].sort()
    const sums = ids.map((id) => spans.get(id)!)
    const attached = await attachMany(db, workspaceId, ids, sums.map((m) => m.n), sums.map((m) => m.first), sums.map((m) => m.last))
    if (attached.length < ids.length) throw new InvalidFieldError('memberId')
    await table.restoreRows(db, workspaceId, rows)
    await engagement.added(db, rows, clock())
  }

  const store: ActivityStore = {
    get: table.operations.get,

    async create (workspaceId, input: ActivityInput) {
      return toActivity(await transaction(pool, async (tx) => {
        await lockKeys(tx, locksOf(workspaceId, input))
        return await insert(tx, workspaceId, await resolveMember(tx, workspaceId, input))
      }))
    },

    async createMany (workspaceId, inputs: ActivityInput[]) {
      const rows = await transaction(pool, async (tx) => {
        await lockKeys(tx, inputs.flatMap((input) => locksOf(workspaceId, input)))
        const resolved: InputWithMemberId[] = []
        for (const input of inputs) resolved.push(await resolveMember(tx, workspaceId, input))
        const rows = await table.insertRows(tx, workspaceId, resolved, await attachAndCheckMany(tx, workspaceId, resolved))
        await engagement.added(tx, rows, clock())
        return rows
      })
      return rows.map((row) => row.id)
    },

    async update (workspaceId, id, input) {
      if (!isId(workspaceId) || !isId(id)) return undefined
      const next = await transaction(pool, async (tx) => await updateIn(tx, workspaceId, id, input))
      return next && toActivity(next)
    },

    async put (workspaceId, input) {
      const { row, created } = await transaction(pool, async (tx) => {
        await lockKeys(tx, locksOf(workspaceId, input))
        return await putIn(tx, workspaceId, input)
      })
      return { record: toActivity(row), created }
    },

    /** Every lock of every input first, in order; then each input in a savepoint of its own, so one that fails rolls back alone. */
    async putMany (workspaceId, inputs) {
      return putOutcomes(await transaction(pool, async (tx) => {
        await lockKeys(tx, inputs.flatMap((input) => locksOf(workspaceId, input)))
        const independent = await putBatch(tx, workspaceId, inputs)
        return independent ?? await eachInSavepoint(tx, inputs, async (sp, input) => await putIn(sp, workspaceId, input))
      }), toActivity)
    },

    async remove (workspaceId, id) {
      if (!isId(workspaceId) || !isId(id)) return false
      return await transaction(pool, async (tx) => {
        // The member's lock first, then the activity's, as in update.
        const [current] = await memberOf(tx, workspaceId, id)
        if (current === undefined) return false
        await lockMembers(tx, workspaceId, [current.member_id])
        const row = await table.find(tx, workspaceId, id, true)
        if (row === undefined) return false
        if (row.member_id !== current.member_id) throw new Retry()
        await deleteActivity(tx, workspaceId, id)
        await clearReferences(tx, workspaceId, id, clock())
        await detach(tx, workspaceId, row.member_id)
        await engagement.removed(tx, row)
        await table.index!.moved(tx, workspaceId, { at: row.created_at, id }, -1)
        return true
      })
    },

    list: table.operations.list
  }
  return { store: fastActivities?.store(store) ?? store, table, restore }
}
