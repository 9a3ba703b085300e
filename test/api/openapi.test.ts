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
