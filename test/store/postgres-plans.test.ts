import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { test } from 'node:test'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { connect } from '../../src/store/postgres/database.js'
import { keyLookupSql } from '../../src/store/postgres/record-table.js'
import { members } from '../../src/store/model/resources.js'
import { postgresAvailable, postgresSchema } from '../support/helpers.js'

// A workspace the planner's statistics do not hold yet (made since the last ANALYZE, beside others that fill the
// most-common-values list) is estimated at one row. PostgreSQL's default custom plans then served a look-up by
// key from any index that starts with workspace_id, reading every row of the workspace at each write: creating a
// member cost more with every member before it. On the store's connections each statement gets a generic plan
// (database.ts), which finds the key by its index whatever the workspace. Checked on the statement a member
// create sends to find the member that holds its email (keyLookupSql), by the pages it reads.

const EMAIL_HOLDER = keyLookupSql('members', 'id', members.match)

/** The pages a plan's nodes read, all of them (a node's buffers include its children's). */
const pagesOf = (plan: { 'Shared Hit Blocks': number, 'Shared Read Blocks': number }) => plan['Shared Hit Blocks'] + plan['Shared Read Blocks']

test('postgres: a look-up by key in a workspace the statistics do not know reads a few pages, not the workspace',
  { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const store = await openPostgresStore(schema.url, { poolSize: 2, statementTimeoutMs: 30_000 })
    t.after(async () => await store.close())
    const inputs = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ firstName: 'F', primaryEmail: `${prefix}${i}@example.com` }))
    for (const known of [randomUUID(), randomUUID()]) await store.members.createMany(known, inputs('known', 300))
    await schema.sql`ANALYZE`
    const workspaceId = randomUUID()
    for (let i = 0; i < 3; i++) await store.members.createMany(workspaceId, inputs(`new${i}-`, 1000))

    // One connection configured as the store's, so the statement is prepared and run where its plan is cached.
    const db = connect(schema.url, { poolSize: 1, statementTimeoutMs: 30_000 })
    t.after(async () => await db.end())
    await db.unsafe(`PREPARE email_holder (uuid, text) AS ${EMAIL_HOLDER}`)
    // Past the five calls after which PostgreSQL's default mode may settle on a plan.
    for (let i = 0; i < 8; i++) await db.unsafe(`EXECUTE email_holder('${workspaceId}', 'nobody${i}@example.com')`)
    const [found] = await db.unsafe(`EXECUTE email_holder('${workspaceId}', 'new2-500@example.com')`)
    assert.ok(found !== undefined, 'the look-up finds the member holding the email')
    const [explained] = await db.unsafe<Array<{ 'QUERY PLAN': Array<{ Plan: Parameters<typeof pagesOf>[0] }> }>>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE email_holder('${workspaceId}', 'nobody@example.com')`)
    const plan = explained!['QUERY PLAN'][0]!.Plan
    // Two index descents and no heap row: a handful of pages. Walking the workspace read 6,122 (the default mode).
    assert.ok(pagesOf(plan) < 20, `the look-up read ${pagesOf(plan)} pages: ${JSON.stringify(plan)}`)
  })

// The pulse order's blocks (migration 10) are found by their key, (upper_pulse, upper_id): a member's pulse is float8
// and upper_pulse int8, and a comparison of the two as float8 is no range of the blocks' index, so each trigger read
// every block row of the workspace (migration 12 compares them as int8). Counted in the writing transaction itself,
// by the index entries the pulse change's trigger read.
test('postgres: a change of pulse finds its blocks by their index, whatever the workspace\'s number of blocks',
  { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const store = await openPostgresStore(schema.url, { poolSize: 1, statementTimeoutMs: 30_000 })
    t.after(async () => await store.close())
    const workspaceId = randomUUID()
    const member = await store.members.create(workspaceId, { firstName: 'F' })
    // Boundaries at pulse 0 on both sides of the member (counts of 0: the transaction below is rolled back).
    await schema.sql`INSERT INTO member_pulse_blocks (workspace_id, upper_pulse, upper_id, slot, n)
      SELECT ${workspaceId}, 0, gen_random_uuid(), 0, 0 FROM generate_series(1, 2000)`
    let read = -1
    await assert.rejects(schema.sql.begin(async (tx) => {
      await tx`UPDATE members SET pulse = 5 WHERE workspace_id = ${workspaceId} AND id = ${member.id}`
      const [row] = await tx`SELECT pg_stat_get_xact_tuples_returned('member_pulse_blocks_pkey'::regclass)::int AS n`
      read = (row as { n: number }).n
      throw new Error('rolled back')
    }), /rolled back/)
    // The boundary check and the move's two look-ups, a few entries each; comparing as float8 read 1,789 here.
    assert.ok(read < 20, `the trigger read ${read} index entries of the blocks`)
  })
