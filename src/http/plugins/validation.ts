import { Ajv, type Options, type ValidateFunction } from 'ajv'
import type { DataValidationCxt } from 'ajv/dist/types/index.js'
import formats from 'ajv-formats'
import { isUtf8 } from 'node:buffer'
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify'
import type { TSchema } from 'typebox'
import { badRequest, type AppError } from '../../errors.js'
import { toAppError } from './error-handler.js'
import { isDateTime } from '../../domain/time.js'
import { UUID_PATTERN } from '../../domain/uuid.js'
import { MAX_DETAILS } from '../../schemas/common.js'

// One validator per kind of input. Bodies are taken as sent: no coercion, no defaults, no stripping of
// unknown fields (they fail, as the contract wants). Query strings and path params arrive as text, so they
// are coerced to the schema's types and get its defaults.

/**
 * How input is read and checked: JSON bodies from UTF-8 bytes only, then every part against its route's schema
 * (after the checks of validatorCompiler). Register before the routes.
 */
export function validation (app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler())
  app.removeContentTypeParser('text/plain')
  // JSON bodies are read as bytes and refused unless they are UTF-8 (contract: text is well-formed Unicode).
  // Decoding them as a string first, as Fastify's own parser does, would turn each bad byte into U+FFFD and
  // store a text the client never sent. Proto and constructor keys are refused, as Fastify's parser does.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer
    if (!isUtf8(bytes)) {
      done(badRequest([{ field: 'body', message: 'must be UTF-8 text' }]), undefined)
      return
    }
    // Bounded before parsing, so that a body nested a million levels deep is refused at once rather than built
    // (which takes seconds), and every later walk of a body (an Idempotency-Key's fingerprint, validation, the
    // details of a 400) may recurse without overflowing the stack.
    if (nestsDeeperThan(bytes, MAX_BODY_DEPTH)) {
      done(badRequest([{ field: 'body', message: `must not nest arrays and objects more than ${MAX_BODY_DEPTH} levels deep` }]), undefined)
      return
    }
    parseJson(request, bytes.toString('utf8'), done)
  })
}

/**
 * How deep a JSON body may nest arrays and objects, the body itself being level 1: far beyond any valid body (a
 * bulk item's list is level 4), and shallow enough for any recursive walk of what a request sent.
 */
export const MAX_BODY_DEPTH = 64

const QUOTE = 0x22
const BACKSLASH = 0x5c

/**
 * Whether JSON text nests arrays and objects more than `max` levels deep: its brackets and braces outside strings,
 * counted. A loop over the bytes (strings skipped by indexOf), never a recursion: 16 MiB of text hold 8 million
 * levels. Text that is not JSON is the parser's to refuse; this only counts.
 */
export function nestsDeeperThan (buffer: Buffer, max: number): boolean {
  let depth = 0
  for (let i = 0; i < buffer.length; i++) {
    const byte = buffer[i]
    if (byte === QUOTE) i = closingQuote(buffer, i)
    else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > max) return true
    } else if (byte === 0x5d || byte === 0x7d) depth--
  }
  return false
}

/** The index of the quote that ends the string opened at `open` (one not escaped by a backslash), or the end. */
function closingQuote (buffer: Buffer, open: number): number {
  let at = open
  for (;;) {
    at = buffer.indexOf(QUOTE, at + 1)
    if (at === -1) return buffer.length
    let backslashes = 0
    while (buffer[at - 1 - backslashes] === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return at
  }
}

function validator (options: Options): Ajv {
  const ajv = new Ajv({ removeAdditional: false, strict: false, ...options })
  const addFormats = formats as unknown as (ajv: Ajv, formats: string[]) => Ajv
  addFormats(ajv, ['uuid', 'email', 'uri'])
  // Ajv's date-time accepts values Date cannot read (leap seconds); ours accepts only real instants.
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime })
  // ajv-formats' uuid also takes a "urn:uuid:" prefix, which no id we issue or store has.
  ajv.addFormat('uuid', UUID_PATTERN)
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
 *
 * Before the schema, every part is checked for text that is not well-formed Unicode (a lone surrogate is legal
 * JSON, but no store can keep it as sent), and a query's integers for plain decimal digits (Ajv's coercion
 * would read `0x10`, `1e1`, `+20` and ` 20` as numbers).
 */
const itemCompilers = new Map<boolean, FastifySchemaCompiler<unknown>>()

/**
 * Checks one item of a bulk body as its own route checks a whole body: undefined when it is valid, else the 400
 * it would answer, its details' fields relative to the item. `textChecked`: the items come from a body whose
 * text was found well-formed as a whole (a bulk route's), so a valid item's text is not walked again.
 */
export function itemValidator (schema: TSchema, textChecked = false): (item: unknown) => AppError | undefined {
  let compiler = itemCompilers.get(textChecked)
  if (compiler === undefined) itemCompilers.set(textChecked, compiler = validatorCompiler(textChecked))
  const validate = compiler({ schema, httpPart: 'body', method: 'POST', url: '' }) as ((data: unknown) => boolean) & { errors?: unknown }
  return (item) => validate(item) ? undefined : toAppError({ validation: validate.errors, validationContext: 'body' })
}

function validatorCompiler (textChecked = false): FastifySchemaCompiler<unknown> {
  // Each kind twice: one that stops at the first problem, for every request, and one that finds them all
  // (allErrors), only for a request the first refused.
  const body = { fast: validator({ coerceTypes: false, useDefaults: false }), thorough: validator({ coerceTypes: false, useDefaults: false, allErrors: true }) }
  const text = { fast: validator({ coerceTypes: 'array', useDefaults: true }), thorough: validator({ coerceTypes: 'array', useDefaults: true, allErrors: true }) }
  return ({ schema, httpPart }) => {
    const integers = httpPart === 'querystring' ? integerProperties(schema as JsonSchema) : []
    const ajv = httpPart === 'body' ? body : text
    let compiled: ValidateFunction | undefined
    let thorough: ValidateFunction | undefined
    // Fastify reads a failed validation's errors from the function it was given.
    const validate = (data: unknown): boolean => {
      // Text that is not well-formed is reported alone: what the schema would say of it means nothing.
      if (!textChecked && !wellFormed(data)) {
        validate.errors = illFormedText(data, '').issues
        return false
      }
      const undecimal = notDecimal(data, integers)
      compiled ??= ajv.fast.compile(schema as object)
      const valid = compiled(data) as boolean
      if (valid && undecimal.length === 0) {
        validate.errors = null
        return true
      }
      let problems = compiled.errors ?? []
      const scanned = illFormedText(data, '')
      // Every problem of an input of ordinary size. Of a huge one (100,000 bad array items or unknown keys fit
      // in a megabyte), finding them all costs several times what the first did, so the first is all it gets.
      if (!valid && scanned.values <= THOROUGH_VALUES) {
        thorough ??= ajv.thorough.compile(schema as object)
        thorough(data)
        problems = thorough.errors ?? problems
      }
      validate.errors = bounded([...undecimal, ...problems], data)
      return false
    }
    validate.errors = undefined as ValidateFunction['errors']
    return validate
  }
}

type Issue = NonNullable<ValidateFunction['errors']>[number]
interface JsonSchema { type?: string | string[], properties?: Record<string, JsonSchema> }

const MAX_ISSUES = MAX_DETAILS
/** Inputs with more values than this (strings, numbers, arrays, objects...) get only their first problem. */
export const THOROUGH_VALUES = 5000
const DECIMAL = /^-?[0-9]+$/
const INTEGER_MESSAGE = 'must be an integer written in decimal digits'

/** ES2024's String.prototype.isWellFormed, which Node 20 has and the ES2023 lib does not declare. */
const isWellFormed = (value: string): boolean => (value as string & { isWellFormed: () => boolean }).isWellFormed()

/**
 * Whether every string (keys included) is well-formed: the walk of illFormedText without the JSON pointers it
 * builds for every value, which made it a few percent of a small write's CPU.
 */
function wellFormed (data: unknown): boolean {
  const pending: unknown[] = [data]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === 'string') {
      if (!isWellFormed(value)) return false
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item)
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        if (!isWellFormed(key)) return false
        pending.push((value as Record<string, unknown>)[key])
      }
    }
  }
  return true
}

/**
 * Every string (keys included) that holds a lone surrogate, by its JSON pointer, up to MAX_ISSUES. Iterative: an
 * HTTP body is bounded (MAX_BODY_DEPTH) but an imported line is not, and may nest arrays hundreds of thousands deep.
 */
function illFormedText (data: unknown, root: string): { issues: Issue[], values: number } {
  const issue = (at: string): Issue => ({ instancePath: at, schemaPath: '', keyword: 'wellFormed', params: {}, message: 'must be well-formed Unicode (no lone surrogate)' })
  const issues: Issue[] = []
  const pending: Array<[unknown, string]> = [[data, root]]
  let values = 0
  while (pending.length > 0 && issues.length < MAX_ISSUES) {
    const [value, path] = pending.pop()!
    values++
    if (typeof value === 'string') {
      if (!isWellFormed(value)) issues.push(issue(path))
    } else if (typeof value === 'object' && value !== null) {
      // Pushed in reverse, so the issues come in document order.
      for (const [key, child] of Object.entries(value).reverse()) {
        // A key that is not well-formed is itself the problem, reported at its own path.
        pending.push([isWellFormed(key) ? child : key, `${path}/${key}`])
      }
    }
  }
  return { issues, values }
}

/**
 * The problems a 400 lists: the first of each field (a field too long and not an email is named once), at most
 * MAX_ISSUES, in the order found; a date-time that is only missing its offset is told so.
 */
function bounded (issues: Issue[], data: unknown): Issue[] {
  const seen = new Set<string>()
  const kept: Issue[] = []
  for (const issue of issues) {
    const name = issue.params.additionalProperty ?? issue.params.missingProperty
    const key = name === undefined ? issue.instancePath : `${issue.instancePath}/${String(name)}`
    if (seen.has(key)) continue
    seen.add(key)
    kept.push(issue.keyword === 'format' && issue.params.format === 'date-time' ? dateTimeIssue(issue, data) : issue)
    if (kept.length === MAX_ISSUES) break
  }
  return kept
}

// A date and a time of day without Z or ±hh:mm: RFC 3339 needs the offset to name an instant.
const NO_OFFSET = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/
const NO_OFFSET_MESSAGE = 'needs an offset: Z or ±hh:mm (e.g. 2026-01-31T09:30:00Z or 2026-01-31T10:30:00+01:00)'

function dateTimeIssue (issue: Issue, data: unknown): Issue {
  const value = valueAt(data, issue.instancePath)
  return typeof value === 'string' && NO_OFFSET.test(value) ? { ...issue, message: NO_OFFSET_MESSAGE } : issue
}

/** The value a JSON pointer names (RFC 6901). */
function valueAt (data: unknown, pointer: string): unknown {
  let value = data
  for (const token of pointer.split('/').slice(1)) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<string, unknown>)[token.replaceAll('~1', '/').replaceAll('~0', '~')]
  }
  return value
}

/** The query's integer parameters that are not one value of plain decimal digits. */
function notDecimal (data: unknown, integers: readonly string[]): Issue[] {
  if (integers.length === 0 || typeof data !== 'object' || data === null) return []
  const query = data as Record<string, unknown>
  return integers
    .filter((name) => Object.hasOwn(query, name) && !(typeof query[name] === 'string' && DECIMAL.test(query[name])))
    .map((name) => ({ instancePath: `/${name}`, schemaPath: '', keyword: 'type', params: { type: 'integer' }, message: INTEGER_MESSAGE }))
}

function integerProperties (schema: JsonSchema): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => [property.type].flat().includes('integer'))
    .map(([name]) => name)
}
