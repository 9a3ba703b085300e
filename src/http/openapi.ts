import type { SwaggerTransformObject } from '@fastify/swagger'

/**
 * The OpenAPI document as clients get it (@fastify/swagger's transformObject), where it differs from what
 * @fastify/swagger makes of the route schemas:
 * - Route schemas carry `lowercase`, a keyword only our validator knows (it folds a uuid to lower case,
 *   src/validation.ts). OpenAPI's Schema Object has no such keyword, and a `format: uuid` is read
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
