import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { ERRORS } from '../../src/errors.js'
import {
  api, authHeader, buildTestApp, createActivity, createChannel, createCompany, createMember, newWorkspace, testStores
} from '../support/helpers.js'

// Hostile input: generated requests to every route (random JSON of every type and nesting, numbers at the
// edges, duplicate and prototype keys, SQL-looking strings, invalid UTF-8, wrong content types, ids and query
// strings of every shape, random headers). Never a 5xx; every 4xx is the error envelope with the code of its
// status; after a 4xx the workspace's data is exactly as before. FC_RUNS scales it (npm run fuzz: 20,000).

const RUNS = Number(process.env.FC_RUNS ?? 0)
const CODE_OF_STATUS = new Map<number, string>(Object.entries(ERRORS).map(([code, [status]]) => [status, code]))

const FIELDS = ['name', 'industry', 'address', 'domain', 'employees', 'foundedAt', 'logoUrl', 'tags', 'firstName', 'lastName',
  'primaryEmail', 'emails', 'phones', 'jobTitle', 'avatarUrl', 'language', 'country', 'linkedinUrl', 'companyId', 'memberId',
  'activityTypeKey', 'title', 'message', 'externalId', 'channelId', 'eventId', 'replyTo', 'reactTo', 'inviteTo', 'source',
  'createdAt', 'updatedAt', 'id', 'workspaceId', 'level', 'pulse', '__proto__', 'constructor', 'prototype', 'toString', '']

const NASTY_TEXT = ["'; DROP TABLE members; --", '" OR 1=1 --', '%', '_', '\\', '\u0000', '\uD800', '😀'.repeat(300),
  'a'.repeat(1001), 'a'.repeat(100_001), '1970-01-01T00:00:00Z', '2024-02-30T00:00:00Z', '9999-12-31T23:59:59+14:00',
  'http://x', 'javascript:alert(1)', 'a@b', 'NaN', 'Infinity', '-0', 'null', 'true', '[]', '{}']

/** JSON text, not values: so numbers JSON.stringify cannot write (1e309, -0, 2^53+1) reach the parser. */
const json: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
    fc.constantFrom('1e309', '-1e309', '-0', '9007199254740993', '1e-400', '0.1e1', '1.0', '-1', '2147483648', '1E2'),
    fc.constantFrom(...NASTY_TEXT).map((text) => JSON.stringify(text)),
    fc.uuid().map((id) => JSON.stringify(id)),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), tie('value')), { maxLength: 6 })
      .map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`)
  )
})).value

type Body = { kind: 'json', text: string } | { kind: 'bytes', bytes: number[] } | { kind: 'none' }
const body: fc.Arbitrary<Body> = fc.oneof(
  { arbitrary: json.map((text) => ({ kind: 'json' as const, text })), weight: 6 },
  // Invalid UTF-8 and arbitrary bytes.
  { arbitrary: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 40 }).map((bytes) => ({ kind: 'bytes' as const, bytes })), weight: 1 },
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 }
)

const segment = fc.oneof(fc.constantFrom('{own}', '{foreign}', '{random}', '', '..', '%00', '%E0%A4%A', 'null', '-1', '0', '1e3',
  '%27%20OR%201%3D1', 'a'.repeat(5000), '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF'), fc.string({ maxLength: 10 }).map(encodeURIComponent))
const path = fc.oneof(
  fc.tuple(fc.constantFrom('companies', 'members', 'activities', 'channels', 'activities/member', 'nothing'), fc.option(segment, { nil: undefined }))
    .map(([resource, id]) => `/v1/${resource}${id === undefined ? '' : `/${id}`}`),
  fc.constantFrom('/v1', '/', '/healthz', '/readyz', '/openapi.json', '/v1//companies', '/v1/companies/{own}/x')
)
const queryKey = fc.constantFrom('page', 'pageSize', 'memberId', 'channelId', 'activityTypeKey', 'since', 'until', 'source', 'q', 'email',
  'companyId', 'tag', 'minLevel', 'activeSince', 'activeUntil', 'sort', 'domain', '__proto__', 'constructor', 'x')
const queryValue = fc.oneof(fc.constantFrom('1', '0', '-1', '10', '100', '101', '10.5', '1e1', '0x10', ' 1', '', 'abc', '-createdAt',
  'name', '-pulse', '2024-01-01T00:00:00Z', '2024-13-01', '{own}', '%00', '%FF', 'NaN', '9007199254740993'), fc.string({ maxLength: 8 }).map(encodeURIComponent))
const query = fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 })
  .map((pairs) => pairs.length === 0 ? '' : '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&'))
const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x', 'application/JSON', 'application/json; charset=latin1', '', undefined)
const extraHeaders = fc.dictionary(fc.constantFrom('x-forwarded-for', 'accept', 'accept-encoding', 'origin', 'x-http-method-override', 'content-encoding', 'expect'),
  fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('gzip', '*/*', '100-continue', 'DELETE', 'a'.repeat(4000))), { maxKeys: 3 })
const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS'),
  path,
  query,
  body,
  contentType,
  headers: extraHeaders,
  auth: fc.constantFrom('own', 'own', 'own', 'none', 'garbage')
})

interface Ids {
  own: string[]
  foreign: string
}

/** Everything the workspace holds, as the API shows it: every list (one page holds all), with totals. */
async function snapshot (app: FastifyInstance, workspaceId: string): Promise<string> {
  const client = api(app, workspaceId)
  const lists = await Promise.all(['companies', 'members', 'activities', 'channels'].map(async (name) => (await client.get(`/v1/${name}?pageSize=100`)).body))
  return lists.join('\n')
}

async function seed (app: FastifyInstance, workspaceId: string): Promise<Ids> {
  const client = api(app, workspaceId)
  const company = await createCompany(client, { name: 'Acme', tags: [newWorkspace()] })
  const member = await createMember(client, { firstName: 'Ada', primaryEmail: 'ada@example.com', companyId: undefined })
  const channel = await createChannel(client)
  const activity = await createActivity(client, { memberId: member.id, channelId: channel.id })
  const foreign = await createMember(api(app, newWorkspace()))
  return { own: [company.id, member.id, channel.id, activity.id], foreign: foreign.id }
}

for (const store of testStores()) {
  describe(`hostile input (${store.name})`, () => {
    test('no request is a 5xx; every 4xx is the envelope and changes nothing', async (t) => {
      const app = await buildTestApp(t, store)
      const workspaceId = newWorkspace()
      const ids = await seed(app, workspaceId)
      let before = await snapshot(app, workspaceId)
      await fc.assert(fc.asyncProperty(request, fc.nat(), async (req, pick) => {
        const fill = (text: string) => text
          .replaceAll('{own}', ids.own[pick % ids.own.length]!)
          .replaceAll('{foreign}', ids.foreign)
          .replaceAll('{random}', newWorkspace())
        const headers: Record<string, string> = { ...req.headers }
        if (req.auth === 'own') Object.assign(headers, authHeader(workspaceId))
        if (req.auth === 'garbage') headers.authorization = 'Bearer ' + fill('{random}')
        if (req.contentType !== undefined) headers['content-type'] = req.contentType
        const payload = req.body.kind === 'json' ? fill(req.body.text) : req.body.kind === 'bytes' ? Buffer.from(req.body.bytes) : undefined
        const res = await app.inject({ method: req.method as never, url: fill(req.path) + fill(req.query), headers, ...(payload === undefined ? {} : { payload }) })
        assert.ok(res.statusCode < 500, `${res.statusCode} ${res.body}`)
        if (res.statusCode >= 400) {
          if (req.method !== 'HEAD') {
            const answer = res.json()
            assert.deepEqual(Object.keys(answer).filter((key) => key !== 'details').sort(), ['code', 'error'])
            assert.equal(answer.code, CODE_OF_STATUS.get(res.statusCode), res.body)
            assert.equal(answer.error, ERRORS[answer.code as keyof typeof ERRORS][1])
          }
          assert.equal(await snapshot(app, workspaceId), before, 'a 4xx changed the data')
        } else {
          before = await snapshot(app, workspaceId)
        }
      }), { numRuns: RUNS || (store.name === 'sqlite' ? 3000 : 800), includeErrorInReport: true, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH, endOnFailure: true } : {}) })
    })
  })
}
