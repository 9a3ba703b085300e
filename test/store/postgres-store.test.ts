import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { createConnection, createServer, type Server, type Socket } from 'node:net'
import { describe, test } from 'node:test'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { afterCommit, connect, join, limitQueue, statement, transaction, Unanswered } from '../../src/store/postgres/database.js'
import { ConflictError, InvalidFieldError, StoreUnavailableError } from '../../src/store/types.js'
import { api, buildTestApp, createMember, newWorkspace, postgresAvailable, postgresSchema, testStores } from '../support/helpers.js'

// The Store itself, below the HTTP layer: the routes already answer 404 for a path id that is not a uuid, but
// a store must not depend on that, and readiness must follow the database.

const NOT_IDS = ['', 'nope', '42', "1' OR '1'='1", 'urn:uuid:1b4e28ba-2fa1-41d2-883f-0016d3cca427', '1b4e28ba2fa141d2883f0016d3cca427',
  '{1b4e28ba-2fa1-41d2-883f-0016d3cca427}', '1B4E28BA-2FA1-41D2-883F-0016D3CCA427']

for (const testStore of testStores()) {
  describe(`store (${testStore.name})`, () => {
    test('an id that is not a lower-case uuid names no record: undefined or false, never a database error', async (t) => {
      const store = await testStore.open()
      t.after(async () => await store.close())
      const workspaceId = newWorkspace()
      for (const id of NOT_IDS) {
        assert.equal(await store.companies.get(workspaceId, id), undefined)
        assert.equal(await store.companies.update(workspaceId, id, { name: 'x' }), undefined)
        assert.equal(await store.members.get(workspaceId, id), undefined)
        assert.equal(await store.members.remove(workspaceId, id), false)
        assert.equal(await store.activities.get(workspaceId, id), undefined)
        assert.equal(await store.activities.update(workspaceId, id, { title: 'x' }), undefined)
        assert.equal(await store.channels.get(workspaceId, id), undefined)
        assert.equal(await store.channels.update(workspaceId, id, { name: 'x' }), undefined)
        await assert.rejects(store.activities.create(workspaceId, { memberId: id, activityTypeKey: 'a' }),
          (error) => error instanceof InvalidFieldError && error.field === 'memberId')
      }
      for (const workspace of NOT_IDS) {
        assert.deepEqual(await store.activities.list(workspace, { page: 1, pageSize: 10 }), { total: 0, items: [] })
      }
    })

    test('a record is found by its id as issued, in no other spelling and in no other workspace', async (t) => {
      const store = await testStore.open()
      t.after(async () => await store.close())
      const workspaceId = newWorkspace()
      const company = await store.companies.create(workspaceId, { name: 'Acme' })
      assert.deepEqual(await store.companies.get(workspaceId, company.id), company)
      assert.equal(await store.companies.get(workspaceId, company.id.toUpperCase()), undefined)
      assert.equal(await store.companies.get(randomUUID(), company.id), undefined)
    })
  })
}

/** A TCP relay to the test PostgreSQL that the test can cut and restore, to play a database going away. */
async function relay (target: URL): Promise<{ url: string, cut: () => Promise<void>, restore: () => Promise<void> }> {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  const listen = async () => {
    server = createServer((client) => {
      const upstream = createConnection(Number(target.port || 5432), target.hostname)
      for (const socket of [client, upstream]) {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
        socket.on('error', () => { client.destroy(); upstream.destroy() })
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve))
    port = (server!.address() as { port: number }).port
  }
  await listen()
  const url = new URL(target)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  return {
    url: url.toString(),
    async cut () {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server!.close(resolve))
    },
    restore: listen
  }
}

describe('postgres store when the database goes away', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, () => {
  test('opening fails when nothing answers at the URL', async () => {
    const schema = await postgresSchema()
    const link = await relay(new URL(schema.url))
    await link.cut()
    await schema.drop()
    await assert.rejects(openPostgresStore(link.url, { poolSize: 2, statementTimeoutMs: 1000 }), { code: 'ECONNREFUSED' })
  })

  test('ping rejects and /readyz answers 503 while the database is unreachable, and both recover after', async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const link = await relay(new URL(schema.url))
    t.after(async () => await link.cut().catch(() => {}))
    const app = await buildTestApp(t, {
      name: 'postgres',
      open: async () => await openPostgresStore(link.url, { poolSize: 2, statementTimeoutMs: 1000 })
    })
    assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200)

    const client = api(app, newWorkspace())
    const member = await createMember(client)

    await link.cut()
    const down = await app.inject({ method: 'GET', url: '/readyz' })
    assert.equal(down.statusCode, 503)
    assert.deepEqual(down.json(), { code: 'UNAVAILABLE', error: 'Service unavailable' })
    for (const res of [await client.get(`/v1/members/${member.id}`), await client.post('/v1/members', { firstName: 'B' }), await client.get('/v1/activities')]) {
      assert.equal(res.statusCode, 503)
      assert.deepEqual(res.json(), { code: 'UNAVAILABLE', error: 'Service unavailable' })
    }

    await link.restore()
    assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200)
    assert.equal((await client.get(`/v1/members/${member.id}`)).statusCode, 200)
    assert.equal((await client.get('/v1/members')).json().totalMembers, 1, 'the write refused while down did not happen')
    assert.equal((await client.post('/v1/members', { firstName: 'C' })).statusCode, 201, 'a write runs on the reconnected pool')
    assert.equal((await client.get('/v1/members')).json().totalMembers, 2)
  })

  test('connections lost in the middle of transactions: each write fails or commits whole, and the pool serves writes after', { timeout: 60_000 }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const link = await relay(new URL(schema.url))
    t.after(async () => await link.cut().catch(() => {}))
    const store = await openPostgresStore(link.url, { poolSize: 3, statementTimeoutMs: 5000 })
    t.after(async () => await store.close())
    const workspaceId = newWorkspace()
    const member = await store.members.create(workspaceId, { firstName: 'A' })
    for (let round = 0; round < 2; round++) {
      // Activities, and members: a new member's COMMIT goes out with its statement, unanswered (record-table.ts).
      const writes = Array.from({ length: 30 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i % 10))
        return i % 3 === 2
          ? await store.members.create(workspaceId, { firstName: 'M', primaryEmail: `m${round}-${i}@example.com` })
          : await store.activities.create(workspaceId, { memberId: member.id, activityTypeKey: 'a' })
      })
      const settling = Promise.allSettled(writes)
      await new Promise((resolve) => setTimeout(resolve, 3 + round * 3))
      await link.cut()
      await new Promise((resolve) => setTimeout(resolve, 300))
      await link.restore()
      const settled = await settling
      for (const result of settled) {
        if (result.status === 'rejected') assert.ok(result.reason instanceof StoreUnavailableError, String(result.reason))
      }
      const acknowledged = (kind: number) => settled.filter((result, i) => result.status === 'fulfilled' && (i % 3 === 2 ? 1 : 0) === kind).length
      const written = acknowledged(0)
      const after = await Promise.all(Array.from({ length: 6 }, async () => await store.activities.create(workspaceId, { memberId: member.id, activityTypeKey: 'a' })))
      assert.equal(after.length, 6)
      await store.members.create(workspaceId, { firstName: 'After', primaryEmail: `after${round}@example.com` })
      const [{ n }] = await schema.sql`SELECT count(*)::int AS n FROM activities` as unknown as [{ n: number }]
      const [{ count }] = await schema.sql`SELECT activity_count::int AS count FROM members WHERE id = ${member.id}` as unknown as [{ count: number }]
      assert.equal(count, n, 'the member counts exactly the activities that committed')
      assert.ok(n >= written + 6, `${n} rows for ${written} acknowledged and 6 after`)
      const [{ members }] = await schema.sql`SELECT count(*)::int AS members FROM members` as unknown as [{ members: number }]
      const listed = await store.members.list(workspaceId, { page: 1, pageSize: 100 })
      assert.equal(listed.total, members, 'the members\' total counts exactly the members that committed')
      assert.equal(listed.items.length, members)
      assert.ok(members >= acknowledged(1) + 1 + round + 1, `${members} members for ${acknowledged(1)} acknowledged`)
    }
  })

  test('with every connection busy and no room to queue, a request gets a 503 at once', async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const app = await buildTestApp(t, {
      name: 'postgres',
      open: async () => await openPostgresStore(schema.url, { poolSize: 1, queueLimit: 0, statementTimeoutMs: 1000 })
    })
    const client = api(app, newWorkspace())
    const responses = await Promise.all(Array.from({ length: 20 }, async () => await client.get('/v1/members')))
    const statuses = responses.map((res) => res.statusCode)
    assert.ok(statuses.includes(200) && statuses.includes(503), statuses.join(' '))
    for (const res of responses.filter((r) => r.statusCode === 503)) assert.deepEqual(res.json(), { code: 'UNAVAILABLE', error: 'Service unavailable' })
  })
})

describe('postgres store transactions', { skip: !postgresAvailable && 'no PostgreSQL: see npm test' }, () => {
  test('a write after the store closed fails as unavailable and writes nothing', async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const store = await openPostgresStore(schema.url, { poolSize: 2, statementTimeoutMs: 1000 })
    const workspaceId = newWorkspace()
    await store.members.create(workspaceId, { firstName: 'A' })
    await store.close()
    await assert.rejects(store.members.create(workspaceId, { firstName: 'B' }), StoreUnavailableError)
    assert.deepEqual([...await schema.sql`SELECT count(*)::int AS n FROM members`], [{ n: 1 }])
  })

  test('failed writes give their connection back: a pool of one serves every write after them', { timeout: 30_000 }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    const store = await openPostgresStore(schema.url, { poolSize: 1, statementTimeoutMs: 5000 })
    t.after(async () => await store.close())
    const workspaceId = newWorkspace()
    const member = await store.members.create(workspaceId, { firstName: 'A', primaryEmail: 'a@example.com' })
    for (let i = 0; i < 5; i++) {
      // Rolled back after a statement found no member; after a unique key's check; whole, with the savepoints inside it.
      await assert.rejects(store.activities.create(workspaceId, { memberId: newWorkspace(), activityTypeKey: 'a' }), InvalidFieldError)
      await assert.rejects(store.members.create(workspaceId, { firstName: 'B', primaryEmail: 'A@example.com' }), ConflictError)
      await assert.rejects(store.atomically(async () => {
        await store.activities.create(workspaceId, { memberId: member.id, activityTypeKey: 'a' })
        throw new Error('the unit fails after its write')
      }), /the unit fails/)
    }
    assert.equal((await store.activities.list(workspaceId, { page: 1, pageSize: 10 })).total, 0, 'no failed write left an activity')
    const written = await store.activities.create(workspaceId, { memberId: member.id, activityTypeKey: 'a' })
    assert.equal((await store.activities.list(workspaceId, { page: 1, pageSize: 10 })).items[0]?.id, written.id)
  })

  test('a transaction whose COMMIT fails (a deferred constraint) gives its connection back', { timeout: 30_000 }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    await schema.sql`CREATE TABLE linked (id int PRIMARY KEY, next int REFERENCES linked DEFERRABLE INITIALLY DEFERRED)`
    const options = { poolSize: 1, statementTimeoutMs: 5000 }
    const pool = connect(schema.url, options)
    limitQueue(pool, options)
    t.after(async () => await pool.end({ timeout: 1 }))
    const insert = statement('INSERT INTO linked (id, next) VALUES ($1, $2)')
    for (let i = 1; i <= 3; i++) {
      await assert.rejects(transaction(pool, async (tx) => await insert(tx, i, 99)), { code: '23503' })
    }
    await transaction(pool, async (tx) => await insert(tx, 1, null))
    assert.deepEqual([...await schema.sql`SELECT id FROM linked`], [{ id: 1 }])
  })

  test('a last statement sent with the COMMIT (Unanswered) commits with it, or fails the transaction whole; in a savepoint, the savepoint alone', { timeout: 30_000 }, async (t) => {
    const schema = await postgresSchema()
    t.after(async () => await schema.drop())
    await schema.sql`CREATE TABLE sent_rows (id int PRIMARY KEY)`
    const options = { poolSize: 1, statementTimeoutMs: 5000 }
    const pool = connect(schema.url, options)
    limitQueue(pool, options)
    t.after(async () => await pool.end({ timeout: 1 }))
    const insert = statement('INSERT INTO sent_rows (id) VALUES ($1)')
    const ids = async () => (await schema.sql<Array<{ id: number }>>`SELECT id FROM sent_rows ORDER BY id`).map(({ id }) => id)
    const ran: string[] = []
    const answer = await transaction(pool, async (tx) => {
      await insert(tx, 1)
      afterCommit(tx, 'first', async () => { ran.push('first') })
      return new Unanswered(insert(tx, 2).then(() => 'both written'))
    })
    assert.equal(answer, 'both written')
    assert.deepEqual(await ids(), [1, 2])
    for (let i = 1; i <= 3; i++) {
      // The sent statement fails (a duplicate key): the server answers the COMMIT with ROLLBACK.
      await assert.rejects(transaction(pool, async (tx) => {
        await insert(tx, 10 + i)
        afterCommit(tx, 'failed', async () => { ran.push('failed') })
        return new Unanswered(insert(tx, 1))
      }), { code: '23505' })
    }
    assert.deepEqual(await ids(), [1, 2], 'nothing of the failed transactions is written')
    assert.deepEqual(ran, ['first'])
    await transaction(pool, async (tx) => {
      await insert(tx, 3)
      await assert.rejects(join(pool, tx, async () => await transaction(pool, async (inner) => {
        await insert(inner, 4)
        return new Unanswered(insert(inner, 1))
      })), { code: '23505' })
      await insert(tx, 5)
    })
    assert.deepEqual(await ids(), [1, 2, 3, 5])
  })
})
