import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import {
  api, assertBadRequest, authHeader, buildTestApp, createActivity, createChannel, createCompany, createMember, newWorkspace, testStores,
  type Api
} from '../support/helpers.js'

// Contract: text is well-formed Unicode (a body whose bytes are not UTF-8, or a string holding a lone surrogate,
// is a 400) and a query's integers are plain decimal digits; what a 2xx acknowledged is exactly what is stored.
// The routes, their body fields and their integer query parameters are read from the OpenAPI document, which is
// generated from the schemas that validate: a field or parameter added later is covered without a change here.

interface Schema { type?: string | string[], properties?: Record<string, Schema>, items?: Schema }
interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> }
  parameters?: Array<{ in: string, name: string, schema: Schema }>
}

async function operations (app: FastifyInstance): Promise<Array<{ method: string, path: string, operation: Operation }>> {
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> }
  return Object.entries(document.paths).filter(([path]) => path.startsWith('/v1/'))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })))
}

const accepts = (schema: Schema | undefined, type: string) => [schema?.type].flat().includes(type)

/**
 * For a string field, or a list of strings, JSON text holding a lone surrogate and the field the 400 must name.
 * Written as JSON text: JSON.stringify would escape the surrogate the same way, but say so less plainly.
 */
function surrogateProbe (field: string, schema: Schema): { json: string, field: string } | undefined {
  if (accepts(schema, 'string')) return { json: '"a\\ud800b"', field }
  if (accepts(schema, 'array') && accepts(schema.items, 'string')) return { json: '["ok","\\udc00"]', field: `${field}.1` }
  return undefined
}

/** Every record of the workspace, as the lists answer them: what a refused request must leave unchanged. */
async function everything (client: Api): Promise<unknown> {
  const lists = ['companies', 'members', 'channels', 'activities', 'activity-types']
  return await Promise.all(lists.map(async (list) => (await client.get(`/v1/${list}?pageSize=100`)).json()))
}

/** A path of the operation with each `{id}` naming a record of the right kind (so a PATCH reaches its body). */
function url (path: string, ids: Record<string, string>): string {
  const kind = path.startsWith('/v1/activities/member/') ? 'members' : path.split('/')[2]!
  return path.replace(/\{[^}]+\}/, ids[kind] ?? '')
}

for (const store of testStores()) {
  describe(`well-formed text and decimal integers (${store.name})`, () => {
    async function setUp (t: Parameters<typeof buildTestApp>[0]) {
      const app = await buildTestApp(t, store)
      const workspaceId = newWorkspace()
      const client = api(app, workspaceId)
      const company = await createCompany(client)
      const member = await createMember(client)
      const channel = await createChannel(client)
      const activity = await createActivity(client, { memberId: member.id, channelId: channel.id })
      const ids = { companies: company.id, members: member.id, channels: channel.id, activities: activity.id, 'activity-types': activity.activityTypeId }
      return { app, workspaceId, client, ids }
    }

    test('a lone surrogate in any string of any body is a 400 naming the field, and nothing is written', async (t) => {
      const { app, workspaceId, client, ids } = await setUp(t)
      const before = await everything(client)
      let checked = 0
      for (const { method, path, operation } of await operations(app)) {
        const properties = operation.requestBody?.content['application/json']?.schema.properties ?? {}
        for (const [field, schema] of Object.entries(properties)) {
          const probe = surrogateProbe(field, schema)
          if (probe === undefined) continue
          const res = await app.inject({
            method: method as 'POST',
            url: url(path, ids),
            headers: { ...authHeader(workspaceId), 'content-type': 'application/json' },
            payload: `{"${field}":${probe.json}}`
          })
          assertBadRequest(res, probe.field, 'must be well-formed Unicode (no lone surrogate)')
          checked++
        }
      }
      assert.ok(checked >= 40, `checked ${checked} fields`)
      assert.deepEqual(await everything(client), before)
    })

    test('the spec\'s example: a company name with a lone surrogate is refused, an astral character kept exactly', async (t) => {
      const { app, workspaceId, client } = await setUp(t)
      const headers = { ...authHeader(workspaceId), 'content-type': 'application/json' }
      for (const name of ['a\\ud800b', 'a\\udfffb', '\\ud800\\ud800', 'a\\ude00\\ud83d']) {
        assertBadRequest(await app.inject({ method: 'POST', url: '/v1/companies', headers, payload: `{"name":"${name}"}` }), 'name')
      }
      const kept = await app.inject({ method: 'POST', url: '/v1/companies', headers, payload: '{"name":"a\\ud83d\\ude00b\u0301"}' })
      assert.equal(kept.statusCode, 201, kept.body)
      const id = (kept.json() as { company: { id: string } }).company.id
      assert.equal((await client.get(`/v1/companies/${id}`)).json().company.name, 'a😀b\u0301')
    })

    test('a key holding a lone surrogate is named as it was sent', async (t) => {
      const { app, workspaceId } = await setUp(t)
      const res = await app.inject({
        method: 'POST', url: '/v1/companies', headers: { ...authHeader(workspaceId), 'content-type': 'application/json' }, payload: '{"name":"x","\\ud800":1}'
      })
      assertBadRequest(res, '\ud800', 'must be well-formed Unicode (no lone surrogate)')
    })

    test('text is checked at any depth a body may have: a lone surrogate at its bottom is named', async (t) => {
      const { app, workspaceId, client } = await setUp(t)
      const before = await everything(client)
      const headers = { ...authHeader(workspaceId), 'content-type': 'application/json' }
      // The body is level 1, tags (an array in 62 more) levels 2 to 64: the deepest a body may nest (docs/api.md).
      const hidden = await app.inject({ method: 'POST', url: '/v1/companies', headers, payload: `{"name":"x","tags":${'['.repeat(63)}"\\ud800"${']'.repeat(63)}}` })
      assertBadRequest(hidden, `tags${'.0'.repeat(63)}`, 'must be well-formed Unicode (no lone surrogate)')
      // Deeper, the body is refused for its depth before anything walks it (test/api/deep-bodies.test.ts).
      const deep = await app.inject({ method: 'POST', url: '/v1/companies', headers, payload: `{"name":${'['.repeat(400_000)}${']'.repeat(400_000)}}` })
      assertBadRequest(deep, 'body', 'must not nest arrays and objects more than 64 levels deep')
      assert.deepEqual(await everything(client), before)
    })

    test('a body whose bytes are not UTF-8 is a 400 on every route that takes one, and nothing is written', async (t) => {
      const { app, workspaceId, client, ids } = await setUp(t)
      const before = await everything(client)
      const bad = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xf4, 0x90, 0x80, 0x80])]
      for (const { method, path, operation } of await operations(app)) {
        if (operation.requestBody === undefined) continue
        for (const bytes of bad) {
          const res = await app.inject({
            method: method as 'POST',
            url: url(path, ids),
            headers: { ...authHeader(workspaceId), 'content-type': 'application/json' },
            payload: Buffer.concat([Buffer.from('{"name":"'), bytes, Buffer.from('"}')])
          })
          assertBadRequest(res, 'body', 'must be UTF-8 text')
        }
      }
      assert.deepEqual(await everything(client), before)
    })

    test('an integer query parameter not written as plain decimal digits is a 400 naming it, on every list', async (t) => {
      const { app, client, ids } = await setUp(t)
      let checked = 0
      for (const { method, path, operation } of await operations(app)) {
        if (method !== 'GET') continue
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'query' || !accepts(parameter.schema, 'integer')) continue
          for (const value of ['0x10', '1e1', '+20', '%2020', '20%20', '1.0', '0b1', '1_0', '%EF%BC%91', '', '-']) {
            assertBadRequest(await client.get(`${url(path, ids)}?${parameter.name}=${value}`), parameter.name, 'must be an integer written in decimal digits')
          }
          // Repeated, one of them bad.
          assertBadRequest(await client.get(`${url(path, ids)}?${parameter.name}=1&${parameter.name}=0x1`), parameter.name)
          checked++
        }
      }
      assert.ok(checked >= 11, `checked ${checked} parameters`)
      // Plain digits, leading zeros included, still work; a negative number gets the range's message.
      const page = await client.get('/v1/activities?page=01&pageSize=010')
      assert.equal(page.statusCode, 200, page.body)
      assert.deepEqual([page.json().page, page.json().pageSize], [1, 10])
      assertBadRequest(await client.get('/v1/activities?page=-1'), 'page', 'must be >= 1')
    })
  })
}
