import assert from 'node:assert/strict'
import { describe, test, type TestContext } from 'node:test'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { Database } from '../../src/store/sqlite/driver.js'
import { openSqliteStore } from '../../src/store/sqlite/index.js'
import type { Store } from '../../src/store/types.js'
import { api, type Api, createMember, newWorkspace, postgresAvailable, postgresSchema, tempDatabasePath, TEST_SECRET } from '../support/helpers.js'
import { assertConflict, getMember, type Member } from '../support/ingestion-support.js'

// Issue 17: a database written before emails became unique may hold members sharing one. It works on without
// failing: both members read and change as before (a write that keeps a member's own emails is no conflict), a new
// member with the email is a 409 naming the oldest holder, and ingestion by that email updates the oldest.

async function appOn (t: TestContext, store: Store, workspaceId: string): Promise<Api> {
  const app = await buildApp({ config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), store })
  t.after(async () => await app.close())
  return api(app, workspaceId)
}

/** Two members, the second then given the first's email behind the service's back (as an old database may hold). */
async function seed (client: Api): Promise<{ first: Member, second: Member }> {
  const first = await createMember(client, { firstName: 'First', primaryEmail: 'shared@example.com' })
  const second = await createMember(client, { firstName: 'Second', primaryEmail: 'second@example.com' })
  return { first, second }
}

async function assertWorksOn (client: Api, first: Member, second: Member): Promise<void> {
  const legacy = await getMember(client, second.id)
  assert.equal(legacy.primaryEmail, 'Shared@example.com')
  const both = (await client.get('/v1/members?email=shared@example.com')).json() as { totalMembers: number }
  assert.equal(both.totalMembers, 2)
  // Edits that keep the shared email pass; so does re-sending it.
  const renamed = await client.patch(`/v1/members/${second.id}`, { firstName: 'Renamed', primaryEmail: 'Shared@example.com' })
  assert.equal(renamed.statusCode, 200, renamed.body)
  assert.equal((await client.patch(`/v1/members/${first.id}`, { jobTitle: 'Engineer' })).statusCode, 200)
  // A third holder is refused, naming the oldest.
  assertConflict(await client.post('/v1/members', { firstName: 'Third', primaryEmail: 'SHARED@example.com' }), 'primaryEmail', first.id)
  // Ingestion by the email updates the oldest.
  const bulk = await client.post('/v1/members/bulk', { members: [{ primaryEmail: 'shared@example.com', country: 'NL' }] })
  const [result] = (bulk.json() as { results: Array<{ status: number, member: Member }> }).results
  assert.deepEqual([result?.status, result?.member.id, result?.member.country], [200, first.id, 'NL'])
  // Giving the email up ends the sharing; taking it back is then a conflict.
  assert.equal((await client.patch(`/v1/members/${second.id}`, { primaryEmail: 'second@example.com' })).statusCode, 200)
  assertConflict(await client.patch(`/v1/members/${second.id}`, { primaryEmail: 'shared@example.com' }), 'primaryEmail', first.id)
}

describe('members sharing an email, written before emails became unique', () => {
  test('sqlite', async (t) => {
    const path = tempDatabasePath(t)
    const workspaceId = newWorkspace()
    const before = await openSqliteStore(path, { synchronous: 'normal' })
    const { first, second } = await seed(await appOn(t, before, workspaceId))
    await before.close()
    const db = new Database(path)
    db.prepare("UPDATE members SET primary_email = 'Shared@example.com' WHERE id = ?").run(second.id)
    db.prepare("UPDATE member_terms SET term = 'shared@example.com' WHERE member_id = ? AND kind = 'email'").run(second.id)
    db.close()

    const store = await openSqliteStore(path, { synchronous: 'normal' })
    t.after(async () => await store.close())
    await assertWorksOn(await appOn(t, store, workspaceId), first, second)
  })

  test('postgres', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const store = await openPostgresStore(schema.url, { poolSize: 4, statementTimeoutMs: 10_000 })
    t.after(async () => await store.close())
    const workspaceId = newWorkspace()
    const client = await appOn(t, store, workspaceId)
    const { first, second } = await seed(client)
    await schema.sql`UPDATE members SET primary_email = 'Shared@example.com' WHERE id = ${second.id}`
    await schema.sql`UPDATE member_terms SET term = 'shared@example.com' WHERE member_id = ${second.id} AND kind = 'email'`
    await assertWorksOn(client, first, second)
  })
})
