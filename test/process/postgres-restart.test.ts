import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { openPostgresStore } from '../../src/store/postgres/index.js'
import { api, buildTestApp, createMember, newWorkspace } from '../support/helpers.js'
// @ts-expect-error: a plain ES module without types, shared with the test runner
import { findPostgres, startCluster } from '../../scripts/postgres-cluster.mjs'

// A PostgreSQL server of this test's own, stopped and started again under a running service: 503 in the
// envelope and /readyz 503 while it is down, and service resumes by itself, with every acknowledged write.

const bin = findPostgres() as string | undefined
const skip = bin === undefined && process.env.CI !== 'true' && 'no PostgreSQL server binaries'

describe('PostgreSQL restarted under a running service', { skip }, () => {
  test('503 while it is down, then the same data, without restarting the service', async (t) => {
    const cluster = await startCluster(bin, { durable: true })
    t.after(() => cluster.stop())
    const app = await buildTestApp(t, { name: 'postgres', open: async () => await openPostgresStore(cluster.url, { poolSize: 4, statementTimeoutMs: 5000 }) })
    const client = api(app, newWorkspace())
    const member = await createMember(client, { firstName: 'Kept' })

    cluster.pgCtl('stop', '-m', 'fast')
    for (const res of [await client.get(`/v1/members/${member.id}`), await client.post('/v1/members', { firstName: 'Lost' }), await app.inject({ method: 'GET', url: '/readyz' })]) {
      assert.equal(res.statusCode, 503)
      assert.deepEqual(res.json(), { code: 'UNAVAILABLE', error: 'Service unavailable' })
    }

    cluster.pgCtl('start')
    let res = await client.get(`/v1/members/${member.id}`)
    for (let i = 0; i < 50 && res.statusCode !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      res = await client.get(`/v1/members/${member.id}`)
    }
    assert.equal(res.statusCode, 200)
    assert.equal(res.json().member.firstName, 'Kept')
    assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200)
    assert.equal((await client.get('/v1/members')).json().totalMembers, 1)
  })
})
