import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import {
  api, assertBadRequest, assertError, assertNotFound, authHeader, buildTestApp, createCompany, recordOf, testStores,
  type Response
} from '../support/helpers.js'

const MIB = 1024 * 1024

/** An error body says what went wrong and nothing of how the service is built. */
function assertNoInternals (res: Response): void {
  assert.ok(res.statusCode >= 400, res.body)
  assert.match(String(res.headers['content-type']), /^application\/json/)
  const body = res.json() as Record<string, unknown>
  assert.deepEqual(Object.keys(body).filter((key) => !['code', 'error', 'details'].includes(key)), [], res.body)
  assert.equal(typeof body.code, 'string')
  assert.equal(typeof body.error, 'string')
  assert.doesNotMatch(res.body, /\bat \S+ \(|:\d+:\d+\)|node_modules|\/src\/|\/work\/|\.[jt]s\b|stack|sqlite|SQL|FST_/i, res.body)
}

async function post (app: FastifyInstance, url: string, payload: string | Buffer | undefined, contentType?: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...authHeader(randomUUID()), ...(contentType === undefined ? {} : { 'content-type': contentType }) },
    ...(payload === undefined ? {} : { payload })
  })
}

for (const store of testStores()) {
  describe(`error responses (${store.name})`, () => {
    test('an unknown route answers 404 in the error envelope', async (t) => {
      const app = await buildTestApp(t, store)
      for (const url of ['/v1/nope', '/nope', '/v2/companies', '/v1/companies/a/b', '/v1/workspaces/' + randomUUID(), '/v1']) {
        const res = await app.inject({ method: 'GET', url, headers: authHeader(randomUUID()) })
        assertNotFound(res)
        assertNoInternals(res)
      }
    })

    test('a wrong method on an existing path answers 405 with the methods it does allow', async (t) => {
      const app = await buildTestApp(t, store)
      const id = randomUUID()
      const cases: Array<[string, string, string[]]> = [
        ['PUT', `/v1/companies/${id}`, ['DELETE', 'GET', 'PATCH']],
        ['POST', `/v1/companies/${id}`, ['DELETE', 'GET', 'PATCH']],
        ['DELETE', '/v1/companies', ['GET', 'POST']],
        ['PUT', '/v1/members', ['GET', 'POST']],
        ['PUT', `/v1/members/${id}`, ['DELETE', 'GET', 'PATCH']],
        ['PUT', '/v1/activities', ['GET', 'POST']],
        ['POST', `/v1/activities/${id}`, ['DELETE', 'GET', 'PATCH']],
        ['POST', `/v1/activities/member/${id}`, ['GET']],
        ['PATCH', '/v1/channels', ['GET', 'POST']],
        ['PUT', `/v1/channels/${id}`, ['DELETE', 'GET', 'PATCH']],
        ['POST', '/healthz', ['GET']]
      ]
      for (const [method, url, allowed] of cases) {
        const res = await app.inject({ method: method as 'GET', url, headers: authHeader(randomUUID()) })
        assertError(res, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed')
        const allow = String(res.headers.allow ?? '').split(',').map((m) => m.trim()).filter((m) => m !== 'HEAD' && m !== '')
        assert.deepEqual(allow.sort(), allowed, `${method} ${url}: Allow ${res.headers.allow}`)
        assertNoInternals(res)
      }
    })

    test('a body over 1 MiB answers 413; one of exactly 1 MiB is read', async (t) => {
      const app = await buildTestApp(t, store)
      const exact = '{"name":"big"' + ' '.repeat(MIB - 14) + '}'
      assert.equal(Buffer.byteLength(exact), MIB)
      const ok = await post(app, '/v1/companies', exact, 'application/json')
      assert.equal(recordOf<{ name: string }>(ok, 201, 'company').name, 'big')
      for (const payload of [exact + ' ', JSON.stringify({ name: 'x'.repeat(2 * MIB) })]) {
        const res = await post(app, '/v1/companies', payload, 'application/json')
        assertError(res, 413, 'PAYLOAD_TOO_LARGE', 'Payload too large')
        assertNoInternals(res)
      }
    })

    test('a body of another content type answers 415', async (t) => {
      const app = await buildTestApp(t, store)
      const cases: Array<[string | undefined, string]> = [
        ['text/plain', '{"name":"Acme"}'],
        ['application/x-www-form-urlencoded', 'name=Acme'],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAcme\r\n--x--'],
        ['application/xml', '<company><name>Acme</name></company>'],
        [undefined, '{"name":"Acme"}']
      ]
      for (const [contentType, payload] of cases) {
        const res = await post(app, '/v1/companies', payload, contentType)
        assertError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type')
        assertNoInternals(res)
      }
    })

    test('JSON with a charset parameter is accepted', async (t) => {
      const app = await buildTestApp(t, store)
      const res = await post(app, '/v1/channels', '{"name":"général"}', 'application/json; charset=utf-8')
      assert.equal(recordOf<{ name: string }>(res, 201, 'channel').name, 'général')
    })

    test('malformed JSON, an empty JSON body or no body at all answers 400 naming the body', async (t) => {
      const app = await buildTestApp(t, store)
      for (const payload of ['{"name": "Acme"', '{name: "Acme"}', "{'name':'Acme'}", '{"name":"Acme"}}', 'undefined', '']) {
        const res = await post(app, '/v1/companies', payload, 'application/json')
        assertBadRequest(res, 'body')
        assertNoInternals(res)
      }
      const none = await post(app, '/v1/companies', undefined)
      assertBadRequest(none, 'body')
      assertNoInternals(none)
    })

    test('a JSON body that is not an object answers 400 naming the body', async (t) => {
      const app = await buildTestApp(t, store)
      for (const payload of ['[]', '[{"name":"Acme"}]', '"Acme"', '42', 'null', 'true']) {
        for (const url of ['/v1/companies', '/v1/members', '/v1/activities', '/v1/channels']) {
          const res = await post(app, url, payload, 'application/json')
          assertBadRequest(res, 'body')
          assertNoInternals(res)
        }
      }
      const client = api(app, randomUUID())
      const company = await createCompany(client)
      assertBadRequest(await client.patch(`/v1/companies/${company.id}`, []), 'body')
    })

    test('a __proto__ or constructor.prototype key answers 400 and pollutes nothing', async (t) => {
      const app = await buildTestApp(t, store)
      for (const payload of ['{"name":"Acme","__proto__":{"polluted":true}}', '{"name":"Acme","constructor":{"prototype":{"polluted":true}}}',
        '{"firstName":"Ada","tags":[],"__proto__":{"isAdmin":true}}']) {
        const res = await post(app, payload.includes('firstName') ? '/v1/members' : '/v1/companies', payload, 'application/json')
        assert.equal(res.statusCode, 400, res.body)
        assert.equal(res.json().code, 'BAD_REQUEST')
        assertNoInternals(res)
      }
      assert.equal(({} as Record<string, unknown>).polluted, undefined)
      const company = await createCompany(api(app, randomUUID()))
      assert.equal('polluted' in company, false)
    })

    test('an undecodable or over-long path id answers 404 in the envelope', async (t) => {
      const app = await buildTestApp(t, store)
      for (const id of ['%E0%A4%A', '%', '%00', 'x'.repeat(5000), `${randomUUID()}%20`]) {
        const res = await app.inject({ method: 'GET', url: `/v1/companies/${id}`, headers: authHeader(randomUUID()) })
        assertNotFound(res)
        assertNoInternals(res)
      }
    })

    test('validation errors name the field but carry no schema internals', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, randomUUID())
      for (const res of [
        await client.post('/v1/companies', { name: 'x', employees: 'many' }),
        await client.post('/v1/members', { firstName: 'x', emails: ['nope'] }),
        await client.post('/v1/activities', { memberId: randomUUID(), activityTypeKey: 'note' }),
        await client.get('/v1/activities?pageSize=1000')
      ]) {
        assert.equal(res.statusCode, 400)
        assertNoInternals(res)
        assert.doesNotMatch(res.body, /#\/properties|instancePath|schemaPath|keyword/)
      }
    })
  })
}
