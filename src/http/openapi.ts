import type { SwaggerTransformObject } from '@fastify/swagger'

/**
 * The OpenAPI document as clients get it (@fastify/swagger's transformObject). Route schemas carry `lowercase`,
 * a keyword only our validator knows (it folds a uuid to lower case, src/validation.ts): OpenAPI's Schema Object
 * has no such keyword, and a `format: uuid` is read case-insensitively anyway, so the document leaves it out.
 * It builds a copy rather than deleting in place, so it can never reach the schemas that validate requests
 * (@fastify/swagger hands it converted objects today; a later version need not).
 */
export const publicDocument: SwaggerTransformObject = (document) =>
  withoutValidatorKeywords('openapiObject' in document ? document.openapiObject : document.swaggerObject)

function withoutValidatorKeywords<T> (value: T): T {
  if (Array.isArray(value)) return value.map(withoutValidatorKeywords) as T
  if (typeof value !== 'object' || value === null) return value
  const object = value as Record<string, unknown>
  const keyword = typeof object.lowercase === 'boolean' && [object.type].flat().includes('string')
  const entries = Object.entries(object).filter(([key]) => !(keyword && key === 'lowercase'))
  return Object.fromEntries(entries.map(([key, item]) => [key, withoutValidatorKeywords(item)])) as T
}
