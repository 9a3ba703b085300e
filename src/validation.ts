import { Ajv, type Options, type ValidateFunction } from 'ajv'
import type { DataValidationCxt } from 'ajv/dist/types/index.js'
import formats from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'
import { isDateTime } from './domain/time.js'

// One validator per kind of input. Bodies are taken as sent: no coercion, no defaults, no stripping of
// unknown fields (they fail, as the contract wants). Query strings and path params arrive as text, so they
// are coerced to the schema's types and get its defaults.

function validator (options: Options): Ajv {
  const ajv = new Ajv({ removeAdditional: false, allErrors: false, strict: false, ...options })
  const addFormats = formats as unknown as (ajv: Ajv, formats: string[]) => Ajv
  addFormats(ajv, ['uuid', 'email', 'uri'])
  // Ajv's date-time accepts values Date cannot read (leap seconds); ours accepts only real instants.
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime })
  // ajv-formats' uuid also takes a "urn:uuid:" prefix, which no id we issue or store has.
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
  // Uuids are case-insensitive; both stores see them in one spelling, lower case (RFC 9562).
  ajv.addKeyword({
    keyword: 'lowercase',
    type: 'string',
    modifying: true,
    schemaType: 'boolean',
    validate: (enabled: boolean, data: string, _schema?: unknown, context?: DataValidationCxt) => {
      if (enabled && context !== undefined) {
        (context.parentData as Record<string | number, unknown>)[context.parentDataProperty] = data.toLowerCase()
      }
      return true
    }
  })
  return ajv
}

/**
 * Compiles each route's validators on their first use rather than at start: compiling every schema of every
 * route was about a quarter of the time to start (a profile of `npm start`), and a route's first request pays
 * a few milliseconds instead. Every route's schemas are compiled by the tests.
 */
export function validatorCompiler (): FastifySchemaCompiler<unknown> {
  const body = validator({ coerceTypes: false, useDefaults: false })
  const text = validator({ coerceTypes: 'array', useDefaults: true })
  return ({ schema, httpPart }) => {
    let compiled: ValidateFunction | undefined
    // Fastify reads a failed validation's errors from the function it was given.
    const validate = (data: unknown): boolean => {
      compiled ??= (httpPart === 'body' ? body : text).compile(schema as object)
      const valid = compiled(data) as boolean
      validate.errors = compiled.errors
      return valid
    }
    validate.errors = undefined as ValidateFunction['errors']
    return validate
  }
}
