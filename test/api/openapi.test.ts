import assert from 'node:assert/strict'
import diagnostics from 'node:diagnostics_channel'
import { describe, test, type TestContext } from 'node:test'
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core'
import type { FastifyInstance } from 'fastify'
import { api, buildTestApp, createCompany, newWorkspace } from '../support/helpers.js'

// GET /openapi.json is generated from the route schemas (@fastify/swagger). Here it is checked twice: by a
// validator, against the OpenAPI 3.1 specification, and against the routes the server really registers.

/**
 * Redocly's rules that say whether the document is correct OpenAPI: `struct` checks every object against the
 * specification, Schema Objects included; the others what a schema cannot say (path parameters declared, refs
 * resolved, examples that fit their schemas). Style rules (operationId, summary, tags, servers) are not here.
 */
const CORRECTNESS_RULES = [
  'struct', 'no-unresolved-refs', 'security-defined', 'operation-2xx-response', 'path-parameters-defined',
  'path-declaration-must-exist', 'path-not-include-query', 'no-path-trailing-slash', 'no-identical-paths',
  'no-ambiguous-paths', 'operation-parameters-unique', 'operation-operationId-unique',
  'no-required-schema-properties-undefined', 'no-schema-type-mismatch', 'no-enum-type-mismatch',
  'no-invalid-media-type-examples', 'no-invalid-schema-examples', 'no-invalid-parameter-examples',
  'no-example-value-and-externalValue', 'no-unused-components', 'spec-components-invalid-map-name'
]

/** The app as production builds it, with every route it registers (method and URL, Fastify's `:param` form). */
async function appWithRoutes (t: TestContext): Promise<{ app: FastifyInstance, routes: string[] }> {
  const routes: string[] = []
  // Fastify publishes each new instance here before anything registers on it (its documented hook for
  // instrumentation), so an onRoute hook added now sees every route, those of nested plugins included.
  const onInstance = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance }
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`)
    })
  }
  diagnostics.subscribe('fastify.initialization', onInstance)
  try {
    return { app: await buildTestApp(t), routes }
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInstance)
  }
}

type Document = { paths: Record<string, Record<string, unknown>> }

async function openapiDocument (app: FastifyInstance): Promise<Document> {
  const res = await app.inject({ method: 'GET', url: '/openapi.json' })
  assert.equal(res.statusCode, 200)
  return res.json() as Document
}

const OPERATIONS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

/** The operations a write can refuse with a 409: a key the workspace has, a type its activities still use. */
const CONFLICTING = new Set(['POST /v1/members', 'PATCH /v1/members/{id}', 'POST /v1/activity-types', 'DELETE /v1/activity-types/{id}', 'PATCH /v1/activities/{id}',
  'PATCH /v1/channels/{id}', 'POST /v1/companies', 'PATCH /v1/companies/{id}'])

interface Media { schema: { $ref?: string }, example?: unknown }
interface Operation {
  operationId: string
  summary?: string
  description?: string
  tags: string[]
  security?: unknown
  requestBody?: { content: Record<string, Media> }
  responses: Record<string, { description?: string, headers?: Record<string, unknown>, content?: Record<string, Media> }>
}
interface FullDocument {
  paths: Record<string, Record<string, Operation>>
  tags: Array<{ name: string }>
  servers: unknown
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> }
}

function operationsOf (document: FullDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item)
    .filter(([method]) => OPERATIONS.has(method))
    .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, method, operation })))
}

describe('the OpenAPI document', () => {
  test('is valid OpenAPI 3.1', async (t) => {
    const { app } = await appWithRoutes(t)
    const document = await openapiDocument(app)
    const config = await createConfig({ extends: [], rules: Object.fromEntries(CORRECTNESS_RULES.map((rule) => [rule, 'error'])) })
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/openapi.json', config })
    const format = (problem: NormalizedProblem) =>
      `${problem.ruleId}: ${problem.message} at ${problem.location.map((location) => location.pointer).join(', ')}`
    assert.deepEqual(problems.map(format), [])
  })

  test('has every /v1 route the server registers, with its method, and no other', async (t) => {
    const { app, routes } = await appWithRoutes(t)
    const document = await openapiDocument(app)
    const registered = new Set(routes.filter((route) => route.split(' ')[1]!.startsWith('/v1/')))
    // Fastify answers HEAD for every GET (exposeHeadRoutes); HTTP defines HEAD by GET, so only the GET is documented.
    for (const route of registered) {
      if (route.startsWith('HEAD ') && registered.has(route.replace(/^HEAD /, 'GET '))) registered.delete(route)
    }
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, item]) => Object.keys(item).filter((key) => OPERATIONS.has(key))
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`))
    assert.ok(registered.size > 0, 'the onRoute hook saw the routes')
    assert.deepEqual([...registered].filter((route) => !documented.includes(route)), [], 'registered but not documented')
    assert.deepEqual(documented.filter((route) => !registered.has(route)), [], 'documented but not registered')
    assert.equal(documented.length, new Set(documented).size)
  })

  test('passes Redocly\'s recommended-strict rules, but for two it cannot meet', async (t) => {
    const { app } = await appWithRoutes(t)
    const document = await openapiDocument(app)
    const config = await createConfig({ extends: ['recommended-strict'] })
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/openapi.json', config })
    const format = (problem: NormalizedProblem) => `${problem.ruleId} at ${problem.location.map((location) => location.pointer).join(', ')}`
    // The health probes answer 200 or 503 to anything: they have no 4xx to declare. The package declares no
    // licence (package.json has none), so the document cannot name one.
    const accepted = [
      'operation-4xx-response at #/paths/~1healthz/get/responses',
      'operation-4xx-response at #/paths/~1readyz/get/responses',
      'info-license at #/info'
    ]
    assert.deepEqual(problems.map(format).filter((problem) => !accepted.includes(problem)), [])
  })

  test('every operation has a unique operationId, a summary, a description, a declared tag and an example', async (t) => {
    const { app } = await appWithRoutes(t)
    const document = await openapiDocument(app) as unknown as FullDocument
    const tags = new Set(document.tags.map((tag) => tag.name))
    const ids: string[] = []
    for (const { name, operation } of operationsOf(document)) {
      ids.push(operation.operationId)
      assert.match(operation.operationId ?? '', /^[a-z][A-Za-z]+$/, name)
      assert.ok((operation.summary ?? '').length > 0, `${name}: summary`)
      assert.ok((operation.description ?? '').length > 20, `${name}: description`)
      assert.equal(operation.tags?.length, 1, `${name}: one tag`)
      assert.ok(tags.has(operation.tags[0]!), `${name}: tag ${operation.tags[0]} is declared`)
      // One success status, or two for a write that creates (201) or updates what it matches (200).
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'))
      assert.ok(success.length === 1 || success.map(([status]) => status).join() === '200,201', name)
      for (const [status, response] of success) {
        assert.notEqual(response.content?.['application/json']?.example, undefined, `${name}: an example answer for ${status}`)
      }
      if (operation.requestBody !== undefined) {
        assert.notEqual(operation.requestBody.content['application/json']?.example, undefined, `${name}: an example body`)
      }
    }
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique')
  })

  test('every /v1 operation declares each error status it can answer, with the envelope and its headers', async (t) => {
    const { app } = await appWithRoutes(t)
    const document = await openapiDocument(app) as unknown as FullDocument
    const v1 = operationsOf(document).filter(({ path }) => path.startsWith('/v1/'))
    assert.ok(v1.length >= 21)
    for (const { name, path, method, operation } of v1) {
      const expected = [400, 401, 405, 429, 503]
      if (path.includes('{')) expected.push(404)
      const keyed = ['post', 'patch', 'delete'].includes(method)
      // A keyed request's Idempotency-Key can conflict (idempotency.test.ts).
      if (CONFLICTING.has(name) || keyed) expected.push(409)
      if (['post', 'put', 'patch', 'delete'].includes(method)) expected.push(413, 415)
      const declared = Object.keys(operation.responses).filter((status) => !status.startsWith('2')).map(Number)
      assert.deepEqual(declared.sort(), expected.sort(), name)
      for (const status of declared) {
        const response = operation.responses[String(status)]!
        assert.deepEqual(response.content?.['application/json']?.schema, { $ref: '#/components/schemas/Error' }, `${name} ${status}`)
        assert.ok((response.description ?? '').length > 10, `${name} ${status}: description`)
      }
      const headers = (status: string) => Object.keys(operation.responses[status]?.headers ?? {}).sort()
      const success = Object.keys(operation.responses).find((status) => status.startsWith('2'))!
      const replayed = keyed ? ['Idempotent-Replayed'] : []
      assert.deepEqual(headers(success), [...replayed, 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'], name)
      if (keyed) {
        const parameter = (operation as { parameters?: Array<{ name: string, in: string, required: boolean }> }).parameters
          ?.find(({ name }) => name === 'Idempotency-Key')
        assert.deepEqual(parameter && { in: parameter.in, required: parameter.required }, { in: 'header', required: false }, name)
      }
      assert.deepEqual(headers('429'), ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'], name)
      assert.deepEqual(headers('401'), ['WWW-Authenticate'], name)
      assert.deepEqual(headers('405'), ['Allow'], name)
      assert.deepEqual(operation.security, undefined, `${name}: the document's bearer security applies`)
    }
    assert.deepEqual((document as unknown as { security: unknown }).security, [{ bearer: [] }])
  })

  test('answers are named component schemas, so generated clients get named types; servers is relative', async (t) => {
    const { app } = await appWithRoutes(t)
    const document = await openapiDocument(app) as unknown as FullDocument
    const names = Object.keys(document.components.schemas)
    for (const name of ['Company', 'Member', 'Activity', 'Channel', 'Error', 'ErrorDetail', 'Success',
      'CompanyBody', 'MemberBody', 'ActivityBody', 'ChannelBody', 'ChannelArrayBody',
      'CompanyPage', 'MemberPage', 'ActivityPage', 'ChannelPage', 'ActivityType', 'ActivityTypeBody', 'ActivityTypePage',
      'EngagementSettings', 'EngagementSettingsBody', 'Engagement', 'EngagementBody', 'MemberDuplicates']) {
      assert.ok(names.includes(name), `components.schemas.${name}`)
    }
    assert.ok(!names.some((name) => name.startsWith('def-')), names.join(' '))
    assert.deepEqual(document.components.schemas.CompanyPage?.properties?.companies, { type: 'array', items: { $ref: '#/components/schemas/Company' } })
    for (const { name, path, operation } of operationsOf(document)) {
      if (!path.startsWith('/v1/')) continue
      const [, success] = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))!
      assert.match(String(success.content?.['application/json']?.schema.$ref), /^#\/components\/schemas\/[A-Z]\w+$/, name)
    }
    assert.deepEqual(document.servers, [{ url: '/', description: 'The server serving this document' }])
  })

  test('a query parameter with a default is optional, as on the wire (page, pageSize)', async (t) => {
    const { app } = await appWithRoutes(t)
    const document = await openapiDocument(app)
    type Parameter = { in: string, name: string, required?: boolean, schema: { default?: unknown } }
    const defaulted = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item)
      .flatMap(([method, operation]) => ((operation as { parameters?: Parameter[] }).parameters ?? [])
        .filter((parameter) => parameter.schema.default !== undefined)
        .map((parameter) => `${method} ${path} ${parameter.in} ${parameter.name} required=${String(parameter.required)}`)))
    assert.ok(defaulted.includes('get /v1/companies query page required=false'), defaulted.join('\n'))
    assert.deepEqual(defaulted.filter((line) => !line.endsWith('required=false')), [])
    assert.equal((await api(app, newWorkspace()).get('/v1/companies')).statusCode, 200)
  })

  test('leaves the route schemas as they validate: an upper-case id still finds its record', async (t) => {
    // The document drops `lowercase` from its copy of the schemas; the validators, compiled on first use (after
    // the document here), must keep it.
    const { app } = await appWithRoutes(t)
    await openapiDocument(app)
    const client = api(app, newWorkspace())
    const company = await createCompany(client)
    const res = await client.get(`/v1/companies/${company.id.toUpperCase()}`)
    assert.deepEqual(res.json(), { company })
  })
})
