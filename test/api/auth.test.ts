import assert from 'node:assert/strict'
import { createHmac, randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import {
  api, assertUnauthorized, buildTestApp, createActivity, createChannel, createCompany, createMember, recordOf, signJwt,
  testStores, TEST_SECRET, tokenFor
} from '../support/helpers.js'

const now = () => Math.floor(Date.now() / 1000)
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A correctly signed HS512 token: valid, except that the service is configured for HS256 only. */
function hs512Token (payload: Record<string, unknown>): string {
  const unsigned = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(payload)}`
  return `${unsigned}.${createHmac('sha512', TEST_SECRET).update(unsigned).digest('base64url')}`
}

/** Every way an Authorization header can fail, for the workspace that holds the records. */
function badAuthorizations (workspaceId: string): Array<[string, string | undefined]> {
  const valid = tokenFor(workspaceId)
  const [header, , signature] = valid.split('.')
  const exp = now() + 3600
  return [
    ['no Authorization header', undefined],
    ['an empty Authorization header', ''],
    ['the Basic scheme', `Basic ${Buffer.from('user:password').toString('base64')}`],
    ['a valid JWT under the Basic scheme', `Basic ${valid}`],
    ['a valid JWT without a scheme', valid],
    ['Bearer without a token', 'Bearer '],
    ['a token that is not a JWT', 'Bearer not-a-jwt'],
    ['a token of three junk parts', 'Bearer aaa.bbb.ccc'],
    ['a token with a payload that is not JSON', `Bearer ${header}.${Buffer.from('nope').toString('base64url')}.${signature}`],
    ['a token signed with another secret', `Bearer ${signJwt({ workspaceId, exp }, { secret: 'another-secret-of-at-least-thirty-two-bytes' })}`],
    ['a token whose payload was changed after signing', `Bearer ${header}.${b64({ workspaceId: randomUUID(), exp })}.${signature}`],
    ['an unsigned token (alg none)', `Bearer ${signJwt({ workspaceId, exp }, { header: { alg: 'none', typ: 'JWT' } })}`],
    ['a token of an algorithm not configured (HS512)', `Bearer ${hs512Token({ workspaceId, exp })}`],
    ['a token that expired 60 s ago, beyond the 30 s leeway', `Bearer ${signJwt({ workspaceId, exp: now() - 60 })}`],
    ['a token not valid for another 60 s (nbf)', `Bearer ${signJwt({ workspaceId, exp, nbf: now() + 60 })}`],
    ['a token without workspaceId', `Bearer ${signJwt({ sub: 'user-1', exp })}`],
    ['a token whose workspaceId is not a uuid', `Bearer ${signJwt({ workspaceId: 'workspace-1', exp })}`],
    ['a token whose workspaceId is a number', `Bearer ${signJwt({ workspaceId: 12345, exp })}`],
    ['a token whose workspaceId is null', `Bearer ${signJwt({ workspaceId: null, exp })}`],
    ['a token whose workspaceId is a list', `Bearer ${signJwt({ workspaceId: [workspaceId], exp })}`]
  ]
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  url: string
  payload?: Record<string, unknown>
}

/** One request per /v1 operation, each aimed at a real record of the workspace, so only the token can be wrong. */
async function seed (app: FastifyInstance, workspaceId: string) {
  const client = api(app, workspaceId)
  const company = await createCompany(client)
  const member = await createMember(client)
  const channel = await createChannel(client)
  const activity = await createActivity(client, { memberId: member.id })
  // Keys of their own each time: a test seeds one workspace more than once.
  const unused = recordOf<{ id: string }>(await client.post('/v1/activity-types', { key: `unused-${randomUUID()}` }), 201, 'activityType')
  const other = await createMember(client, { firstName: 'Other' })
  const host = await createMember(client, { firstName: 'Host' })
  const merge = (await client.post(`/v1/members/${host.id}/merge`, { memberId: (await createMember(client, { firstName: 'Merged' })).id })).json() as { merge: { id: string } }
  const memberBody = (await client.get(`/v1/members/${member.id}`)).json()
  const typeBody = (await client.get(`/v1/activity-types/${activity.activityTypeId}`)).json()
  const settingsBody = (await client.get('/v1/engagement-settings')).json()
  const identityBody = (await client.get('/v1/identity-settings')).json()
  const operations: Operation[] = [
    { method: 'GET', path: '/v1/companies/{id}', url: `/v1/companies/${company.id}` },
    { method: 'POST', path: '/v1/companies', url: '/v1/companies', payload: { name: 'New' } },
    { method: 'PATCH', path: '/v1/companies/{id}', url: `/v1/companies/${company.id}`, payload: { name: 'Changed' } },
    { method: 'POST', path: '/v1/members', url: '/v1/members', payload: { firstName: 'New' } },
    { method: 'GET', path: '/v1/members/{id}', url: `/v1/members/${member.id}` },
    { method: 'DELETE', path: '/v1/members/{id}', url: `/v1/members/${member.id}` },
    { method: 'GET', path: '/v1/activities', url: '/v1/activities?page=1&pageSize=10' },
    { method: 'POST', path: '/v1/activities', url: '/v1/activities', payload: { memberId: member.id, activityTypeKey: 'note' } },
    { method: 'GET', path: '/v1/activities/{id}', url: `/v1/activities/${activity.id}` },
    { method: 'PATCH', path: '/v1/activities/{id}', url: `/v1/activities/${activity.id}`, payload: { title: 'Changed' } },
    { method: 'POST', path: '/v1/channels', url: '/v1/channels', payload: { name: 'new' } },
    { method: 'GET', path: '/v1/channels/{id}', url: `/v1/channels/${channel.id}` },
    { method: 'PATCH', path: '/v1/channels/{id}', url: `/v1/channels/${channel.id}`, payload: { name: 'changed' } },
    { method: 'GET', path: '/v1/members', url: '/v1/members' },
    { method: 'PATCH', path: '/v1/members/{id}', url: `/v1/members/${member.id}`, payload: { firstName: 'Changed' } },
    { method: 'GET', path: '/v1/companies', url: '/v1/companies' },
    { method: 'DELETE', path: '/v1/companies/{id}', url: `/v1/companies/${company.id}` },
    { method: 'GET', path: '/v1/channels', url: '/v1/channels' },
    { method: 'DELETE', path: '/v1/channels/{id}', url: `/v1/channels/${channel.id}` },
    { method: 'DELETE', path: '/v1/activities/{id}', url: `/v1/activities/${activity.id}` },
    { method: 'GET', path: '/v1/activities/member/{memberId}', url: `/v1/activities/member/${member.id}` },
    { method: 'GET', path: '/v1/activity-types', url: '/v1/activity-types' },
    { method: 'POST', path: '/v1/activity-types', url: '/v1/activity-types', payload: { key: `new-${randomUUID()}` } },
    { method: 'GET', path: '/v1/activity-types/{id}', url: `/v1/activity-types/${activity.activityTypeId}` },
    { method: 'PATCH', path: '/v1/activity-types/{id}', url: `/v1/activity-types/${activity.activityTypeId}`, payload: { points: 2 } },
    { method: 'DELETE', path: '/v1/activity-types/{id}', url: `/v1/activity-types/${unused.id}` },
    { method: 'GET', path: '/v1/engagement-settings', url: '/v1/engagement-settings' },
    { method: 'PUT', path: '/v1/engagement-settings', url: '/v1/engagement-settings', payload: { levelThresholds: [2, 5, 10, 20, 40, 80, 150, 250, 400, 600, 900, 1300] } },
    { method: 'GET', path: '/v1/identity-settings', url: '/v1/identity-settings' },
    { method: 'PUT', path: '/v1/identity-settings', url: '/v1/identity-settings', payload: { autoCompanies: false, freeMailDomains: ['corp-mail.net'] } },
    { method: 'GET', path: '/v1/members/{id}/engagement', url: `/v1/members/${member.id}/engagement` },
    { method: 'PATCH', path: '/v1/members/{id}/engagement', url: `/v1/members/${member.id}/engagement`, payload: { excluded: true } },
    { method: 'GET', path: '/v1/members/{id}/duplicates', url: `/v1/members/${member.id}/duplicates` },
    { method: 'POST', path: '/v1/activities/bulk', url: '/v1/activities/bulk', payload: { activities: [{ memberId: member.id, activityTypeKey: 'note' }] } },
    { method: 'POST', path: '/v1/members/bulk', url: '/v1/members/bulk', payload: { members: [{ firstName: 'New' }] } },
    { method: 'POST', path: '/v1/companies/bulk', url: '/v1/companies/bulk', payload: { companies: [{ name: 'New' }] } },
    { method: 'POST', path: '/v1/channels/bulk', url: '/v1/channels/bulk', payload: { channels: [{ name: 'new' }] } },
    { method: 'POST', path: '/v1/members/{id}/merge', url: `/v1/members/${member.id}/merge`, payload: { memberId: other.id } },
    { method: 'GET', path: '/v1/merges/{mergeId}', url: `/v1/merges/${merge.merge.id}` },
    { method: 'POST', path: '/v1/merges/{mergeId}/undo', url: `/v1/merges/${merge.merge.id}/undo` }
  ]
  /** The workspace exactly as seeded: nothing created, changed or deleted since. */
  async function assertUntouched () {
    assert.deepEqual((await client.get(`/v1/companies/${company.id}`)).json(), { company })
    assert.deepEqual((await client.get(`/v1/members/${member.id}`)).json(), memberBody)
    assert.deepEqual((await client.get(`/v1/channels/${channel.id}`)).json(), { channel })
    assert.deepEqual((await client.get('/v1/activities')).json(), { page: 1, pageSize: 10, totalActivities: 1, activities: [activity] })
    assert.deepEqual((await client.get(`/v1/activity-types/${activity.activityTypeId}`)).json(), typeBody)
    assert.equal((await client.get(`/v1/activity-types/${unused.id}`)).statusCode, 200)
    assert.deepEqual((await client.get('/v1/engagement-settings')).json(), settingsBody)
    assert.deepEqual((await client.get('/v1/identity-settings')).json(), identityBody)
    assert.deepEqual((await client.get(`/v1/members/${other.id}`)).json(), { member: other })
    assert.equal((await client.get(`/v1/merges/${merge.merge.id}`)).statusCode, 200)
  }
  return { operations, assertUntouched, client }
}

const send = (app: FastifyInstance, operation: Operation, authorization: string | undefined) => app.inject({
  method: operation.method,
  url: operation.url,
  headers: authorization === undefined ? {} : { authorization },
  ...(operation.payload === undefined ? {} : { payload: operation.payload })
})

for (const store of testStores()) {
  describe(`authentication (${store.name})`, () => {
    test('the operation table covers every /v1 operation the service routes', async (t) => {
      const app = await buildTestApp(t, store)
      const { operations } = await seed(app, randomUUID())
      const res = await app.inject({ method: 'GET', url: '/openapi.json' })
      assert.equal(res.statusCode, 200)
      const routed = Object.entries(res.json().paths as Record<string, Record<string, unknown>>)
        .filter(([path]) => path.startsWith('/v1'))
        .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      assert.deepEqual(operations.map((o) => `${o.method} ${o.path}`).sort(), routed.sort())
    })

    for (const [kind] of badAuthorizations(randomUUID())) {
      test(`every /v1 operation answers 401 to ${kind}, and changes nothing`, async (t) => {
        const app = await buildTestApp(t, store)
        const workspaceId = randomUUID()
        const { operations, assertUntouched } = await seed(app, workspaceId)
        const authorization = badAuthorizations(workspaceId).find(([name]) => name === kind)?.[1]
        for (const operation of operations) {
          const res = await send(app, operation, authorization)
          assert.equal(res.statusCode, 401, `${operation.method} ${operation.url}: ${res.body}`)
          assertUnauthorized(res)
        }
        await assertUntouched()
      })
    }

    test('tokens within the 30 s leeway, without exp, or with extra claims are accepted on every operation', async (t) => {
      const app = await buildTestApp(t, store)
      const workspaceId = randomUUID()
      const tokens = [
        signJwt({ workspaceId, exp: now() - 10 }),
        signJwt({ workspaceId, exp: now() + 3600, nbf: now() + 10 }),
        signJwt({ workspaceId }),
        signJwt({ workspaceId, sub: 'user-42', iat: now(), exp: now() + 60, role: 'admin' })
      ]
      for (const token of tokens) {
        const { operations } = await seed(app, workspaceId)
        // DELETE last, the member's last of all: the other operations still need it and its activity.
        const last = (o: Operation) => o.method !== 'DELETE' ? 0 : o.path === '/v1/members/{id}' ? 2 : 1
        const ordered = [...operations].sort((a, b) => last(a) - last(b))
        for (const operation of ordered) {
          const res = await send(app, operation, `Bearer ${token}`)
          assert.ok([200, 201].includes(res.statusCode), `${operation.method} ${operation.url}: ${res.statusCode} ${res.body}`)
        }
      }
    })

    test('the workspace is the token\'s: records carry it, and another workspace\'s token cannot see them', async (t) => {
      const app = await buildTestApp(t, store)
      const workspaceId = randomUUID()
      const company = await createCompany(api(app, workspaceId))
      assert.equal(company.workspaceId, workspaceId)
      const mine = { authorization: `Bearer ${signJwt({ workspaceId: workspaceId.toUpperCase(), sub: 'someone-else' })}` }
      // An upper-case workspaceId is the same workspace.
      const res = await app.inject({ method: 'GET', url: `/v1/companies/${company.id}`, headers: mine })
      assert.deepEqual(recordOf(res, 200, 'company'), company)
      const theirs = { authorization: `Bearer ${tokenFor(randomUUID())}` }
      assert.equal((await app.inject({ method: 'GET', url: `/v1/companies/${company.id}`, headers: theirs })).statusCode, 404)
    })
  })
}
