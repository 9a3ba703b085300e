import assert from 'node:assert/strict'
import { describe, test, type TestContext } from 'node:test'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { Database } from '../../src/store/sqlite/driver.js'
import { openSqliteStore } from '../../src/store/sqlite/index.js'
import type { Store } from '../../src/store/types.js'
import { api, type Api, createActivity, createMember, newWorkspace, postgresAvailable, postgresSchema, tempDatabasePath, TEST_SECRET, wireTimeAgo } from '../support/helpers.js'

// docs/ingestion.md: a database written before the pair rule may hold several activities of one (source,
// externalId). The oldest (createdAt, then id) is the one a re-delivery updates, whether it comes alone or in a
// bulk batch (whose pairs are looked up together, in one statement).

async function appOn (t: TestContext, store: Store, workspaceId: string): Promise<Api> {
  const app = await buildApp({ config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), store })
  t.after(async () => await app.close())
  return api(app, workspaceId)
}

interface Seeded { memberId: string, newer: string, older: string, other: string }

/** Three activities; the second, older than the first, is then given the first's pair behind the service's back. */
async function seed (client: Api): Promise<Seeded> {
  const member = await createMember(client)
  const event = (externalId: string, createdAt: string) => ({ memberId: member.id, activityTypeKey: 'message', source: 'discord', externalId, createdAt, title: 'Hi' })
  const newer = await createActivity(client, event('msg-1', wireTimeAgo(3600)))
  const older = await createActivity(client, event('msg-legacy', wireTimeAgo(7200)))
  const other = await createActivity(client, event('msg-2', wireTimeAgo(60)))
  return { memberId: member.id, newer: newer.id, older: older.id, other: other.id }
}

async function assertOldestUpdated (client: Api, seeded: Seeded): Promise<void> {
  const redelivery = (externalId: string, title: string) => ({ memberId: seeded.memberId, activityTypeKey: 'message', source: 'discord', externalId, title })
  const res = await client.post('/v1/activities/bulk', { activities: [redelivery('msg-1', 'Edited'), redelivery('msg-2', 'Edited too'), redelivery('msg-3', 'New')] })
  assert.equal(res.statusCode, 200, res.body)
  const results = (res.json() as { results: Array<{ status: number, activity: { id: string, title: string } }> }).results
  assert.deepEqual(results.slice(0, 2).map((result) => [result.status, result.activity.id, result.activity.title]),
    [[200, seeded.older, 'Edited'], [200, seeded.other, 'Edited too']])
  assert.equal(results[2]?.status, 201)
  const newer = (await client.get(`/v1/activities/${seeded.newer}`)).json() as { activity: { title: string } }
  assert.equal(newer.activity.title, 'Hi')
  const single = await client.post('/v1/activities', redelivery('msg-1', 'Edited again'))
  assert.deepEqual([single.statusCode, (single.json() as { activity: { id: string } }).activity.id], [200, seeded.older])
}

describe('activities sharing a pair, written before the pair rule', () => {
  test('sqlite', async (t) => {
    const path = tempDatabasePath(t)
    const workspaceId = newWorkspace()
    const before = await openSqliteStore(path, { synchronous: 'normal' })
    const seeded = await seed(await appOn(t, before, workspaceId))
    await before.close()
    const db = new Database(path)
    db.prepare("UPDATE activities SET external_id = 'msg-1' WHERE id = ?").run(seeded.older)
    db.close()

    const store = await openSqliteStore(path, { synchronous: 'normal' })
    t.after(async () => await store.close())
    await assertOldestUpdated(await appOn(t, store, workspaceId), seeded)
  })

  test('postgres', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const store = await openPostgresStore(schema.url, { poolSize: 4, statementTimeoutMs: 10_000 })
    t.after(async () => await store.close())
    const client = await appOn(t, store, newWorkspace())
    const seeded = await seed(client)
    await schema.sql`UPDATE activities SET external_id = 'msg-1' WHERE id = ${seeded.older}`
    await assertOldestUpdated(client, seeded)
  })
})
