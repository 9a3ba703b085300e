import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { MAX_BODY_DEPTH } from '../../src/http/plugins/validation.js'
import type { Store } from '../../src/store/types.js'
import { api, assertBadRequest, authHeader, createActivity, createChannel, createCompany, createMember, newWorkspace, recordOf, testStores, TEST_SECRET, type Api } from '../support/helpers.js'

// A JSON body may nest arrays and objects at most MAX_BODY_DEPTH levels deep (docs/api.md). Deeper, every route
// that reads a body answers a 400 naming the body, with an Idempotency-Key or without, before anything walks it:
// no walk of a body (an Idempotency-Key's fingerprint, validation) may overflow the stack, which was a 500. Nothing
// is written, and the log holds no error and no stack.

const TOO_DEEP = `must not nest arrays and objects more than ${MAX_BODY_DEPTH} levels deep`

/** `levels` objects {"a": ...} nested in each other around 1. */
const objects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)
/** `levels` arrays nested in each other around 1: two bytes a level, the deepest a body of a given size can go. */
const arrays = (levels: number) => '['.repeat(levels) + '1' + ']'.repeat(levels)

interface Workspace {
  client: Api
  workspaceId: string
  ids: { company: string, member: string, other: string, activity: string, channel: string, type: string }
}

interface Route { method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body: (deep: string) => string, bulk?: true }

/** Every route that reads a JSON body, with the body's text around a deep value. */
function routes ({ ids }: Workspace): Route[] {
  return [
    { method: 'POST', url: '/v1/companies', body: (deep) => `{"name":"n","x":${deep}}` },
    { method: 'PATCH', url: `/v1/companies/${ids.company}`, body: (deep) => `{"name":${deep}}` },
    { method: 'DELETE', url: `/v1/companies/${ids.company}`, body: (deep) => deep },
    { method: 'POST', url: '/v1/members', body: (deep) => `{"firstName":"n","tags":[${deep}]}` },
    { method: 'PATCH', url: `/v1/members/${ids.member}`, body: (deep) => `{"x":${deep}}` },
    { method: 'PATCH', url: `/v1/members/${ids.member}/engagement`, body: (deep) => `{"excluded":${deep}}` },
    { method: 'POST', url: `/v1/members/${ids.member}/merge`, body: (deep) => `{"memberId":${deep}}` },
    { method: 'POST', url: `/v1/merges/${randomUUID()}/undo`, body: (deep) => deep },
    { method: 'POST', url: '/v1/activities', body: (deep) => `{"memberId":"${ids.member}","activityTypeKey":"note","member":${deep}}` },
    { method: 'PATCH', url: `/v1/activities/${ids.activity}`, body: (deep) => `{"title":${deep}}` },
    { method: 'POST', url: '/v1/channels', body: (deep) => `{"name":"n","x":${deep}}` },
    { method: 'PATCH', url: `/v1/channels/${ids.channel}`, body: (deep) => `{"name":${deep}}` },
    { method: 'POST', url: '/v1/activity-types', body: (deep) => `{"key":"k","channelPoints":[${deep}]}` },
    { method: 'PATCH', url: `/v1/activity-types/${ids.type}`, body: (deep) => `{"points":${deep}}` },
    { method: 'PUT', url: '/v1/engagement-settings', body: (deep) => `{"levelThresholds":${deep}}` },
    { method: 'PUT', url: '/v1/identity-settings', body: (deep) => `{"autoCompanies":true,"freeMailDomains":${deep}}` },
    { method: 'POST', url: '/v1/companies/bulk', body: (deep) => `{"companies":[{"name":"n"},${deep}]}`, bulk: true },
    { method: 'POST', url: '/v1/members/bulk', body: (deep) => `{"members":[{"firstName":"n"},{"firstName":"m","x":${deep}}]}`, bulk: true },
    { method: 'POST', url: '/v1/activities/bulk', body: (deep) => `{"activities":[${deep}]}`, bulk: true },
    { method: 'POST', url: '/v1/channels/bulk', body: (deep) => `{"channels":${deep}}`, bulk: true }
  ]
}

for (const store of testStores()) {
  describe(`bodies nested too deep (${store.name})`, () => {
    let log = ''
    let app: FastifyInstance
    let opened: Store
    before(async () => {
      opened = await store.open()
      const logStream = new Writable({ write (chunk, _encoding, done) { log += String(chunk); done() } })
      app = await buildApp({ config: loadConfig({ JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'trace', RATE_LIMIT_PER_MINUTE: '0' }), store: opened, logStream })
    })
    after(async () => {
      await app.close()
      await opened.close()
    })

    async function workspace (): Promise<Workspace> {
      const workspaceId = newWorkspace()
      const client = api(app, workspaceId)
      const member = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com' })
      const other = await createMember(client, { firstName: 'Grace' })
      const activity = await createActivity(client, { memberId: member.id })
      const type = recordOf<{ id: string }>(await client.post('/v1/activity-types', { key: 'reply', points: 2 }), 201, 'activityType')
      const ids = { company: (await createCompany(client)).id, member: member.id, other: other.id, activity: activity.id, channel: (await createChannel(client)).id, type: type.id }
      return { client, workspaceId, ids }
    }

    /** Everything a refused request could have changed, read through the API. */
    async function snapshot ({ client, ids }: Workspace): Promise<unknown[]> {
      const reads = ['/v1/companies', '/v1/members', '/v1/activities', '/v1/channels', '/v1/activity-types', '/v1/engagement-settings',
        '/v1/identity-settings', `/v1/companies/${ids.company}`, `/v1/members/${ids.member}`, `/v1/members/${ids.other}`,
        `/v1/activities/${ids.activity}`, `/v1/channels/${ids.channel}`]
      const answers: unknown[] = []
      for (const url of reads) {
        const res = await client.get(url)
        assert.equal(res.statusCode, 200, `${url}: ${res.body}`)
        answers.push(res.json())
      }
      return answers
    }

    /**
     * Sends each route the body around `deep(route)` (none when undefined) without a key, with one, and again with
     * the same key; answers how many requests it sent.
     */
    async function refusedEverywhere (space: Workspace, deep: (route: Route) => string | undefined): Promise<number> {
      let sent = 0
      for (const route of routes(space)) {
        const value = deep(route)
        if (value === undefined) continue
        const payload = route.body(value)
        const key = randomUUID()
        for (const headers of [{}, { 'idempotency-key': key }, { 'idempotency-key': key }]) {
          const res = await app.inject({
            method: route.method,
            url: route.url,
            headers: { ...authHeader(space.workspaceId), 'content-type': 'application/json', ...headers },
            payload
          })
          assertBadRequest(res, 'body', TOO_DEEP)
          assert.equal(res.headers['idempotent-replayed'], undefined)
          sent++
        }
      }
      return sent
    }

    const assertQuietLog = (since: number) => {
      const lines = log.slice(since).split('\n').filter((line) => line !== '')
      assert.ok(lines.length > 0)
      for (const line of lines) {
        assert.doesNotMatch(line, /Maximum call stack|RangeError|"stack"|\bat .+\(/, line.slice(0, 500))
        assert.ok((JSON.parse(line) as { level: number }).level < 50, line.slice(0, 500))
      }
    }

    test('5,000 levels, of objects or arrays: a 400 naming the body on every route, keyed or not, nothing written', async () => {
      const space = await workspace()
      const before = await snapshot(space)
      const since = log.length
      assert.equal(await refusedEverywhere(space, () => objects(5000)), 3 * routes(space).length)
      assert.equal(await refusedEverywhere(space, () => arrays(5000)), 3 * routes(space).length)
      assert.deepEqual(await snapshot(space), before)
      assertQuietLog(since)
    })

    test('as deep as each route\'s size limit allows: half a million levels in 1 MiB, a million on bulk routes', async () => {
      const space = await workspace()
      const before = await snapshot(space)
      const since = log.length
      // Half a million levels of arrays are a million bytes, under the 1 MiB of a single route's body.
      const single = routes(space).filter((route) => route.bulk !== true).length
      assert.equal(await refusedEverywhere(space, (route) => route.bulk ? undefined : arrays(500_000)), 3 * single)
      // Bulk bodies may be 16 MiB: a million levels of arrays (2 MB), 400,000 of objects (2.4 MB).
      const bulk = routes(space).length - single
      assert.equal(await refusedEverywhere(space, (route) => route.bulk ? arrays(1_000_000) : undefined), 3 * bulk)
      assert.equal(await refusedEverywhere(space, (route) => route.bulk ? objects(400_000) : undefined), 3 * bulk)
      assert.deepEqual(await snapshot(space), before)
      assertQuietLog(since)
    })

    test('every operation the OpenAPI document gives a body refuses a deep one (routes added later included)', async () => {
      const space = await workspace()
      const before = await snapshot(space)
      const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> }
      const idOf: Record<string, string> = {
        companies: space.ids.company, members: space.ids.member, activities: space.ids.activity, channels: space.ids.channel, 'activity-types': space.ids.type, merges: randomUUID()
      }
      let checked = 0
      for (const [path, methods] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          if (operation.requestBody === undefined) continue
          const url = path.replace(/\{[^}]+\}/, idOf[path.split('/')[2]!] ?? '')
          for (const headers of [{}, { 'idempotency-key': randomUUID() }]) {
            const res = await app.inject({
              method: method.toUpperCase() as 'POST',
              url,
              headers: { ...authHeader(space.workspaceId), 'content-type': 'application/json', ...headers },
              payload: objects(5000)
            })
            assertBadRequest(res, 'body', TOO_DEEP)
          }
          checked++
        }
      }
      // The routes above but a DELETE's and an undo's, which the document gives no body.
      assert.ok(checked >= routes(space).length - 2, `${checked} operations with a body`)
      assert.deepEqual(await snapshot(space), before)
    })

    test(`${MAX_BODY_DEPTH} levels are judged as any body; one more is refused`, async () => {
      const space = await workspace()
      const { client, workspaceId } = space
      const send = async (levels: number, key?: string) => await app.inject({
        method: 'POST',
        url: '/v1/companies',
        headers: { ...authHeader(workspaceId), 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
        // The body is level 1, its x level 2.
        payload: `{"name":"n","x":${objects(levels - 1)}}`
      })
      assertBadRequest(await send(MAX_BODY_DEPTH), 'x', 'is not allowed')
      assertBadRequest(await send(MAX_BODY_DEPTH, randomUUID()), 'x', 'is not allowed')
      assertBadRequest(await send(MAX_BODY_DEPTH + 1), 'body', TOO_DEEP)
      assertBadRequest(await send(MAX_BODY_DEPTH + 1, randomUUID()), 'body', TOO_DEEP)
      // A valid body of the deepest shape a write takes (a bulk item's list) is written, with a key too.
      const bulk = await app.inject({
        method: 'POST',
        url: '/v1/members/bulk',
        headers: { ...authHeader(workspaceId), 'idempotency-key': randomUUID() },
        payload: { members: [{ firstName: 'Lin', emails: ['lin@example.com'] }] }
      })
      assert.equal(bulk.statusCode, 200, bulk.body)
      assert.equal(((await client.get('/v1/members?email=lin@example.com')).json() as { totalMembers: number }).totalMembers, 1)
    })
  })
}
