import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { KEY_MATCHES as POSTGRES_KEY_MATCHES } from '../../src/store/postgres/members.js'
import { Database } from '../../src/store/sqlite/driver.js'
import { openSqliteStore } from '../../src/store/sqlite/index.js'
import { KEY_MATCHES as SQLITE_KEY_MATCHES } from '../../src/store/sqlite/members.js'
import type { Store } from '../../src/store/types.js'
import { postgresAvailable, postgresSchema, tempDatabasePath } from '../support/helpers.js'

// GET /v1/members/{id}/duplicates is served by indexes, never a scan of the workspace (issue 17): each of the
// member's identity keys is a range of member_keys' primary key (workspace_id, kind, key, created_at, member_id),
// read backwards for the answer's order (createdAt desc, id desc) and cut at 100, so no sort either. Checked on a
// workspace of 6,000 members, half of them sharing one full name, beside two other workspaces, after ANALYZE.

const MEMBERS = 6000

async function seed (store: Store): Promise<{ workspaceId: string, memberId: string }> {
  const workspaceId = randomUUID()
  const inputs = Array.from({ length: MEMBERS }, (_, i) => ({ firstName: i % 2 === 0 ? 'Sam' : `F${i}`, lastName: 'Lee', primaryEmail: `u${i}@gmail.com` }))
  for (let i = 0; i < MEMBERS; i += 1000) await store.members.createMany(workspaceId, inputs.slice(i, i + 1000))
  for (const other of [randomUUID(), randomUUID()]) await store.members.createMany(other, inputs.slice(0, 1000))
  const member = await store.members.create(workspaceId, { firstName: 'sam', lastName: 'LEE', primaryEmail: 'u.1@gmail.com' })
  const duplicates = await store.members.duplicates(workspaceId, member.id)
  assert.equal(duplicates?.length, 100)
  assert.deepEqual(duplicates[0]?.reasons, ['email'])
  return { workspaceId, memberId: member.id }
}

describe('the duplicates query reads the identity keys\' index, and nothing else', () => {
  test('sqlite', async (t) => {
    const path = tempDatabasePath(t)
    const store = await openSqliteStore(path, { synchronous: 'normal' })
    const { workspaceId, memberId } = await seed(store)
    await store.close()
    const db = new Database(path)
    t.after(() => db.close())
    db.exec('ANALYZE')
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${SQLITE_KEY_MATCHES}`).all(workspaceId, 'name', 'sam lee', memberId) as Array<{ detail: string }>)
      .map(({ detail }) => detail)
    assert.deepEqual(plan, ['SEARCH member_keys USING PRIMARY KEY (workspace_id=? AND kind=? AND key=?)'])
  })

  test('postgres', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const store = await openPostgresStore(schema.url, { poolSize: 4, statementTimeoutMs: 30_000 })
    t.after(async () => await store.close())
    const { workspaceId, memberId } = await seed(store)
    await schema.sql`ANALYZE`
    const rows = await schema.sql.unsafe(`EXPLAIN ${POSTGRES_KEY_MATCHES}`, [workspaceId, memberId, ['email', 'name'], ['u1@gmail.com', 'sam lee']])
    const plan = rows.map((row) => String(row['QUERY PLAN'])).join('\n')
    assert.match(plan, /Index (Only )?Scan Backward using member_keys_pkey on member_keys/, plan)
    assert.doesNotMatch(plan, /Seq Scan|Bitmap|Sort|members/, plan)
  })
})

// The table holds exactly each member's keys: a company's deletion detaches its members with one UPDATE (not a
// write of each member), so it clears their `nameAndCompany` keys itself, as one range of the index; a company
// given a domain attaches that domain's members with one UPDATE too, so it adds their `nameAndCompany` keys.
async function companyLifecycle (store: Store): Promise<{ workspaceId: string, memberIds: string[], engineId: string }> {
  const workspaceId = randomUUID()
  const company = await store.companies.create(workspaceId, { name: 'Acme' })
  const kept = await store.companies.create(workspaceId, { name: 'Globex' })
  const memberIds = []
  for (const companyId of [company.id, company.id, kept.id]) {
    const member = await store.members.create(workspaceId, { firstName: 'Ada', lastName: 'Lovelace' })
    await store.members.update(workspaceId, member.id, { companyId })
    memberIds.push(member.id)
  }
  assert.equal(await store.companies.remove(workspaceId, company.id), true)
  // Made with the company of its domain, detached from it, which is deleted; a new company of the domain attaches it.
  const engineer = await store.members.create(workspaceId, { firstName: 'Ada', lastName: 'Lovelace', primaryEmail: 'ada@engine.io' })
  await store.members.update(workspaceId, engineer.id, { companyId: null })
  assert.equal(await store.companies.remove(workspaceId, engineer.companyId!), true)
  const engine = await store.companies.create(workspaceId, { name: 'Engine', domain: 'engine.io' })
  assert.equal((await store.members.get(workspaceId, engineer.id))!.companyId, engine.id)
  return { workspaceId, memberIds: [...memberIds, engineer.id], engineId: engine.id }
}

const EXPECTED_KEYS = (ids: string[], keptCompany: string, engineId: string) => [
  { member_id: ids[3]!, kind: 'email', key: 'ada@engine.io' },
  ...ids.map((id) => ({ member_id: id, kind: 'name', key: 'ada lovelace' })),
  ...[{ member_id: ids[2]!, kind: 'nameAndCompany', key: `${keptCompany} ada lovelace` },
    { member_id: ids[3]!, kind: 'nameAndCompany', key: `${engineId} ada lovelace` }].sort((a, b) => a.member_id < b.member_id ? -1 : 1)
]

describe('member_keys holds exactly each member\'s keys after a company is deleted', () => {
  test('sqlite', async (t) => {
    const path = tempDatabasePath(t)
    const store = await openSqliteStore(path, { synchronous: 'normal' })
    const { workspaceId, memberIds, engineId } = await companyLifecycle(store)
    const kept = (await store.members.get(workspaceId, memberIds[2]!))!.companyId!
    await store.close()
    const db = new Database(path)
    t.after(() => db.close())
    const rows = db.prepare('SELECT member_id, kind, key FROM member_keys WHERE workspace_id = ? ORDER BY kind, member_id').all(workspaceId)
    assert.deepEqual(rows, EXPECTED_KEYS(memberIds, kept, engineId))
  })

  test('postgres', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const store = await openPostgresStore(schema.url, { poolSize: 4, statementTimeoutMs: 30_000 })
    t.after(async () => await store.close())
    const { workspaceId, memberIds, engineId } = await companyLifecycle(store)
    const kept = (await store.members.get(workspaceId, memberIds[2]!))!.companyId!
    const rows = await schema.sql`SELECT member_id, kind, key FROM member_keys WHERE workspace_id = ${workspaceId} ORDER BY kind, member_id`
    assert.deepEqual(rows.map((row) => ({ ...row })), EXPECTED_KEYS(memberIds, kept, engineId))
  })
})
