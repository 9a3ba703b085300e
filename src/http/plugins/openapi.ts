import swagger, { type SwaggerTransformObject } from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'

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

/**
 * The OpenAPI document at GET /openapi.json, generated from the same route schemas that validate and
 * serialize, and GET /docs, Swagger UI on that document (no auth, served from node_modules, so it works with
 * no internet). Register before the routes: the document collects them as they are added.
 */
export async function openapi (app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Workspace Records', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }]
    },
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
 * It builds a copy rather than changing the object it is given, so it can never reach the schemas that validate
 * requests (@fastify/swagger hands it converted objects today; a later version need not).
 */
export const publicDocument: SwaggerTransformObject = (input) => {
  const document = withoutValidatorKeywords('openapiObject' in input ? input.openapiObject : input.swaggerObject)
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      for (const parameter of (operation as Operation).parameters ?? []) {
        if (parameter.in === 'query' && parameter.schema?.default !== undefined) parameter.required = false
      }
    }
  }
  return document
}

interface Operation { parameters?: Array<{ in?: string, required?: boolean, schema?: { default?: unknown } }> }

function withoutValidatorKeywords<T> (value: T): T {
  if (Array.isArray(value)) return value.map(withoutValidatorKeywords) as T
  if (typeof value !== 'object' || value === null) return value
  const object = value as Record<string, unknown>
  const keyword = typeof object.lowercase === 'boolean' && [object.type].flat().includes('string')
  const entries = Object.entries(object).filter(([key]) => !(keyword && key === 'lowercase'))
  return Object.fromEntries(entries.map(([key, item]) => [key, withoutValidatorKeywords(item)])) as T
}
