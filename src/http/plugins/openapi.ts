import swagger, { type SwaggerTransformObject } from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, KEYED_METHODS } from './idempotency.js'

/**
 * What the reference page may load: Swagger UI's scripts, styles and images from the package's own files
 * served here, its icons and logo as data: images, and fetches to this origin (the OpenAPI document and the
 * "Try it out" calls). No inline script, no eval, nothing from another origin, and one inline style, by its
 * hash: the <style> inside the Swagger logo the top bar renders before the plugin swaps in its own (the hash
 * of ".logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}" in swagger-ui-dist 5.32;
 * test/docs-page.test.ts fails, naming the new hash, if an upgrade changes it). Every other answer keeps
 * the strict policy of src/security-headers.ts.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join('; ')

const DESCRIPTION = [
  'Members, companies, activities and channels of many workspaces. Every /v1 operation needs `Authorization: Bearer <JWT>`; ' +
  'the token\'s `workspaceId` is the only workspace it reads or writes.',
  'Errors are always `{code, error, details?}`, one fixed message per code; a 400\'s `details` lists every problem of the ' +
  'body or query, one per field, at most 20. A 500 `INTERNAL` is a bug: no input should cause one. Conventions (paging, ' +
  'filters, rate-limit headers, WWW-Authenticate) are in docs/api.md.'
].join('\n\n')

/**
 * The OpenAPI document at GET /openapi.json, generated from the same route schemas that validate and
 * serialize, and GET /docs, Swagger UI on that document (no auth, served from node_modules, so it works with
 * no internet). Register before the routes: the document collects them as they are added.
 */
export async function openapi (app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Workspace Records', version: '1', description: DESCRIPTION },
      // Relative: the document describes the server that serves it, wherever it is reached (no setting names a
      // public URL), so "Try it out" on /docs calls the same origin.
      servers: [{ url: '/', description: 'The server serving this document' }],
      tags: [
        { name: 'companies', description: 'Companies of the workspace' },
        { name: 'members', description: 'Members (people) of the workspace and their engagement' },
        { name: 'activities', description: 'What members did, and when' },
        { name: 'channels', description: 'Where activities happen' },
        { name: 'activity-types', description: 'Kinds of activity and the points each gives to its member\'s pulse' },
        { name: 'engagement', description: 'Pulse and level: the workspace\'s level thresholds, a member\'s pulse explained, staff and bots excluded' },
        { name: 'identity', description: 'How members find their companies: companies from email domains, free-mail domains' },
        { name: 'health', description: 'Probes for supervisors and load balancers (no token)' }
      ],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A JWT (HS256 with JWT_SECRET by default) whose `workspaceId` claim names the caller\'s workspace; `npm run token` prints one' } } },
      security: [{ bearer: [] }]
    },
    // The named schemas (schemas/named.ts) keep their $id as their component name, instead of def-0, def-1...
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => typeof json.$id === 'string' ? json.$id : `def-${i}` },
    transformObject: publicDocument
  })
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The plugin sets this header in an onSend hook of its own routes only (the page, its assets).
    staticCSP: DOCS_CSP,
    theme: { title: 'Workspace Records API reference' },
    uiConfig: {
      // The page reads the document every client reads, not the plugin's copy at /docs/json.
      urls: [{ url: '/openapi.json', name: 'Workspace Records' }],
      displayRequestDuration: true
    }
  })
}

/**
 * The OpenAPI document as clients get it (@fastify/swagger's transformObject), where it differs from what
 * @fastify/swagger makes of the route schemas:
 * - Route schemas carry `lowercase`, a keyword only our validator knows (it folds a uuid to lower case,
 *   validation.ts). OpenAPI's Schema Object has no such keyword, and a `format: uuid` is read
 *   case-insensitively anyway, so the document leaves it out.
 * - A query parameter with a default (page, pageSize) is required in the route schema only because the
 *   validator fills the default in before it checks; a client may leave it out, so the document says it is
 *   not required.
 * - An answer whose body is a named schema (a $ref) shows that schema's first example as its own: the ref
 *   resolver drops the keywords beside a $ref, so the example cannot be set on the route.
 * - Every POST, PATCH and DELETE under /v1 takes the Idempotency-Key header (plugins/idempotency.ts, which reads
 *   it for every such route, so no route schema names it), answers a 409 for a key used otherwise, and says
 *   Idempotent-Replayed on a kept answer.
 * It builds a copy rather than changing the object it is given, so it can never reach the schemas that validate
 * requests (@fastify/swagger hands it converted objects today; a later version need not).
 */
export const publicDocument: SwaggerTransformObject = (input) => {
  const document = withoutValidatorKeywords('openapiObject' in input ? input.openapiObject : input.swaggerObject)
  const components = ((document as { components?: { schemas?: object } }).components?.schemas ?? {}) as Record<string, { examples?: unknown[] }>
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {}) as Array<[string, Operation]>) {
      if (path.startsWith('/v1/') && KEYED_METHODS.has(method.toUpperCase())) documentKey(operation)
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' && parameter.schema?.default !== undefined) parameter.required = false
      }
      for (const response of Object.values(operation.responses ?? {})) {
        for (const media of Object.values(response.content ?? {})) {
          const example = components[media.schema?.$ref?.replace('#/components/schemas/', '') ?? '']?.examples?.[0]
          if (example !== undefined && media.example === undefined) media.example = example
        }
      }
    }
  }
  return document
}

interface Operation {
  parameters?: Array<{ name?: string, in?: string, required?: boolean, description?: string, schema?: { default?: unknown } }>
  responses?: Record<string, {
    description?: string
    headers?: Record<string, unknown>
    content?: Record<string, { schema?: { $ref?: string }, example?: unknown }>
  }>
}

const KEY_CONFLICT = 'Or the `Idempotency-Key` was used for another request (another method, path or body), or is in use by ' +
  'a request still running (`details` names the header)'

/** The Idempotency-Key of a POST, PATCH or DELETE: the parameter, its 409, and the header of a replayed answer. */
function documentKey (operation: Operation): void {
  operation.parameters = [...operation.parameters ?? [], {
    name: IDEMPOTENCY_KEY_HEADER,
    in: 'header',
    required: false,
    description: 'Makes a retry safe: the first request with a key runs, and its answer (any 2xx or 4xx but 401 and ' +
      '429) is kept for 24 hours; a retry with the same key, method, path and body gets that answer again with ' +
      '`Idempotent-Replayed: true`, and runs nothing. Per workspace; 1 to 255 visible ASCII characters (docs/idempotency.md).',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN } as { default?: unknown }
  }]
  const responses = operation.responses ??= {}
  const conflict = responses['409']
  responses['409'] = conflict === undefined
    ? { description: `Conflict: t${KEY_CONFLICT.slice(4)}`, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }
    : { ...conflict, description: `${conflict.description ?? 'Conflict'}. ${KEY_CONFLICT}` }
  // The answers that can be kept: a success, and what the validator or the handler refuses (413 and 415 come
  // before the key is read; 401 and 429 are never kept).
  for (const [status, response] of Object.entries(responses)) {
    if (!status.startsWith('2') && !['400', '404', '409'].includes(status)) continue
    response.headers = {
      ...response.headers,
      'Idempotent-Replayed': { description: '`true` when this is the answer kept for the request\'s Idempotency-Key, sent again', schema: { type: 'string', enum: ['true'] } }
    }
  }
}

function withoutValidatorKeywords<T> (value: T): T {
  if (Array.isArray(value)) return value.map(withoutValidatorKeywords) as T
  if (typeof value !== 'object' || value === null) return value
  const object = value as Record<string, unknown>
  const keyword = typeof object.lowercase === 'boolean' && [object.type].flat().includes('string')
  const entries = Object.entries(object).filter(([key]) => !(keyword && key === 'lowercase'))
  return Object.fromEntries(entries.map(([key, item]) => [key, withoutValidatorKeywords(item)])) as T
}
