import assert from 'node:assert/strict'
import { createHash, randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { authHeader, buildTestAppWithStore, testStores } from '../support/helpers.js'

// Differential test: random sequences of requests over every route (valid and invalid bodies, Unicode at the
// edges, every list filter and sort, PATCHes, deletes and their cascades), each sent to an app on SQLite and to
// one on PostgreSQL in lockstep. Every answer must be the same (status and body, generated ids replaced by
// their order of first appearance), and neither may be a 5xx. A failure reports the shortest sequence
// fast-check finds, the step where the answers part, both answers and their diff, and how to replay it.
//
// Each sequence runs in two fresh workspaces (the same ids on both stores, so the answers can match): a
// workspace's data is confined to it, so that is an empty database for the sequence, without opening one.
//
// FC_RUNS scales it: FC_RUNS / 20 sequences (unset: 50, of 1 to 58 requests, about 30 on average).

const RUNS = process.env.FC_RUNS ? Math.max(1, Math.round(Number(process.env.FC_RUNS) / 20)) : 50

// Both stores read the clock (createdAt, updatedAt, pulse, the future check of a backfill): the wall clock could
// tick between the two answers to one request, so the test drives Date.now itself, from the same instant for
// every sequence, and generated times mean the same in each.
const START = Date.UTC(2026, 0, 15, 12, 0, 0)

type Kind = 'company' | 'member' | 'channel' | 'activity'
const KINDS: readonly Kind[] = ['company', 'member', 'channel', 'activity']
const ROUTE: Record<Kind, string> = { company: 'companies', member: 'members', channel: 'channels', activity: 'activities' }

// Uuids of version 4, so normalisation (which renames the service's version 7 ids) leaves them as they are.
const TAGS = ['1b4e28ba-2fa1-41d2-883f-0016d3cca427', '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b']
const UNKNOWN = 'c56a4180-65aa-42ec-a945-5fd21dec0538'

/** A record named by its position among the records of its kind created so far in the sequence (of both workspaces). */
class Ref {
  constructor (readonly kind: Kind | 'unknown' | 'malformed', readonly n = 0, readonly upper = false) {}

  resolve (created: Record<Kind, string[]>): string {
    if (this.kind === 'unknown') return UNKNOWN
    if (this.kind === 'malformed') return 'not-a-uuid'
    const ids = created[this.kind]
    const id = ids.length === 0 ? UNKNOWN : ids[this.n % ids.length]!
    return this.upper ? id.toUpperCase() : id
  }

  [fc.toStringMethod] (): string {
    return `{${this.kind}${this.kind === 'unknown' || this.kind === 'malformed' ? '' : `#${this.n}`}${this.upper ? ' upper case' : ''}}`
  }
}

type Body = { json: unknown } | { text: string } | { bytes: readonly number[] }

/** One request of a sequence; refs are resolved when it is sent, against the records its app created. */
class Step {
  constructor (
    readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    readonly path: ReadonlyArray<string | Ref>,
    readonly query: ReadonlyArray<readonly [string, string | Ref]> = [],
    readonly body?: Body,
    /** 1: the second workspace (its records are among those refs pick, so cross-workspace ids come up). */
    readonly workspace = 0,
    /** Seconds the clock moves before the request. */
    readonly tick = 0
  ) {}

  [fc.toStringMethod] (): string {
    return describeStep(this)
  }
}

// ---- Values ----
//
// Each field has valid values and invalid ones. A body is mostly valid, with faults now and then (see bodyOf), so
// sequences build up data to list, update and delete, and the faults are met with data in place.

interface Values {
  valid: fc.Arbitrary<unknown>
  invalid: fc.Arbitrary<unknown>
  /** Well-formed values that name no record of the workspace (reference fields). */
  stray?: fc.Arbitrary<unknown>
}
const WRONG_TYPES = [5, 1.5, true, [], {}] as const
const values = (valid: fc.Arbitrary<unknown>, ...invalid: readonly unknown[]): Values =>
  ({ valid, invalid: fc.constantFrom(...invalid, ...WRONG_TYPES) })

// Text that folds, sorts and searches differently by case and by Unicode rule: É/é and a decomposed é, ß/SS,
// İ (whose lower case is two code points), Greek capital and final sigma, a ligature, the Kelvin and Ohm signs,
// astral letters and emoji, the highest code point (which bounds prefix ranges), LIKE's wildcards.
const WORDS = ['Ada', 'ada', 'ADA', 'Adam', 'ada lovelace', 'Émile', 'émile', 'EMILE', 'e\u0301mile', 'Straße', 'STRASSE',
  'strasse', 'İstanbul', 'istanbul', 'ISTANBUL', 'ΟΔΥΣΣΕΥΣ', 'Οδυσσεύς', 'οδυσσευς', 'ﬀ', 'FF', '\u212A', 'k', '\u2126', 'ω',
  '𝔄da', '😀', '😀a', '丁', 'a\u{10FFFF}', 'a\u{10FFFF}b', 'x%', 'x_', 'a b', ' ', 'Zoë', 'zoe']

// Long strings come from a seed rather than from fast-check's strings, which shrink character by character
// (thousands of runs of a sequence for one string of 1,000); a seed shrinks in a few steps.
const RANGES = { cjk: [0x4e00, 0x9fff], astral: [0x10000, 0x10ffff], accented: [0xc0, 0x24f] } as const
type Range = keyof typeof RANGES

/** `length` pseudo-random code points of the range, from `seed` (a linear congruential generator). */
function seeded (range: Range, length: number, seed: number): string {
  const [min, max] = RANGES[range]
  let state = seed >>> 0
  let out = ''
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    out += String.fromCodePoint(min + (state % (max - min + 1)))
  }
  return out
}
const randomText = (length: number, ranges: readonly Range[] = ['cjk', 'astral', 'accented']) =>
  fc.tuple(fc.constantFrom(...ranges), fc.nat()).map(([range, seed]) => seeded(range, length, seed))

// Strings at the 1,000-character limit in 2-, 3- and 4-byte characters (a PostgreSQL index entry holds at most
// about 2,700 bytes); lower-casing makes 'İ' two characters.
const longText = fc.oneof(
  randomText(1000),
  fc.constantFrom(670, 400).chain((length) => randomText(length, ['astral'])),
  fc.constantFrom('İ'.repeat(1000), 'a'.repeat(1000), 'Σ'.repeat(1000), '😀'.repeat(1000), 'İ'.repeat(400) + 'x')
)
const TOO_LONG = ['a'.repeat(1001), '丁'.repeat(1001), '😀'.repeat(1001), 'a\u0000b']

const word = fc.constantFrom(...WORDS)
const shortText = fc.oneof(
  { weight: 6, arbitrary: word },
  { weight: 2, arbitrary: fc.tuple(word, word).map(([a, b]) => `${a} ${b}`) },
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 6, unit: 'grapheme' }) }
)
const someText = fc.oneof({ weight: 8, arbitrary: shortText }, { weight: 2, arbitrary: longText })
const name = values(someText, '', null, ...TOO_LONG)
const text = values(fc.oneof({ weight: 12, arbitrary: someText }, { weight: 1, arbitrary: fc.constantFrom('', null) }), ...TOO_LONG)

// Times relative to START (2026-01-15T12:00:00Z), in several spellings.
const PAST = ['1970-01-01T00:00:00Z', '2024-02-29T08:30:00-05:00', '2025-12-16T12:00:00Z', '2026-01-01T00:00:00.999Z',
  '2026-01-01t00:00:00z', '2026-01-15T11:00:00Z', '2026-01-15T13:00:00+02:00', '2026-01-15T12:00:00Z']
const LATER = ['2026-01-15T12:00:00.5Z', '2026-01-15T12:00:01Z', '2026-02-20T00:00:00Z', '2099-01-01T00:00:00Z']
const EDGES = ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '1969-12-31T23:59:59Z']
const NOT_TIMES = ['2026-02-30T00:00:00Z', '2026-01-15T24:00:00Z', 'yesterday', '2026-01-15']
const anyTime = fc.constantFrom(...PAST, ...LATER, ...EDGES)
const foundedAt = values(fc.oneof(anyTime, fc.constant(null)), ...NOT_TIMES)
// A backfill may not be in the future, nor before 1970; the clock moves, so LATER ones may pass in time.
const createdAt = values(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...PAST) }, { weight: 1, arbitrary: fc.constantFrom(...LATER) }),
  ...NOT_TIMES, '0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z')

const DOMAINS = ['example.com', 'Example.COM', 'https://www.example.com/about', 'example.com.', 'acme.io', 'ACME.io:443',
  'bücher.de', 'BÜCHER.DE', 'xn--bcher-kva.de', 'www.', 'http://', 'user@acme.io', ' acme.io ', 'İ.example']
const domain = values(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...DOMAINS) }, { weight: 2, arbitrary: longText }, { weight: 1, arbitrary: fc.constant(null) }),
  ...TOO_LONG)

const EMAILS = ['ada@example.com', 'ADA@EXAMPLE.COM', 'Ada@Example.com', 'bob@example.org', 'a@b.co', 'A.da+x@GMail.com', 'ada@googlemail.com',
  'x'.repeat(64) + '@' + 'y'.repeat(250) + '.com']
const NOT_EMAILS = ['not-an-email', 'émile@example.com', 'a@b', '']
const email = fc.constantFrom(...EMAILS)
const primaryEmail = values(email, ...NOT_EMAILS)
const emails = values(fc.array(email, { maxLength: 3 }), [NOT_EMAILS[0]], Array.from({ length: 101 }, (_, i) => `u${i}@example.com`))
const url = values(fc.constantFrom('https://x.example/a', 'HTTP://X.EXAMPLE', 'https://x.example/%F0%9F%98%80', null), 'https://例え.jp/😀', 'ftp://x.example', 'javascript:alert(1)', 'x')
const tag = fc.constantFrom(...TAGS, TAGS[0]!.toUpperCase())
const tags = values(fc.array(tag, { maxLength: 4 }), ['not-a-uuid'],
  Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`))
const employees = values(fc.constantFrom(0, 5, 2147483647, null), 2147483648, -1, '5')
const phones = values(fc.array(fc.oneof(word, fc.constant('+1 555 0100')), { maxLength: 3 }), ['x'.repeat(101)], [''])
const TYPE_KEYS = ['note', 'post', 'comment', 'a:b.c_d-e', 'x'.repeat(100)]
const typeKey = values(fc.constantFrom(...TYPE_KEYS), 'x'.repeat(101), 'Note', '', 'é', null)
const SOURCES = ['Api', 'discord', 'DISCORD', 'Slack', 'github']
const sourceValue = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...SOURCES) }, { weight: 1, arbitrary: randomText(100, ['cjk', 'astral']) })
const source = values(fc.oneof({ weight: 12, arbitrary: sourceValue }, { weight: 1, arbitrary: fc.constant(null) }), '', 'x'.repeat(101))
const message = values(fc.oneof({ weight: 12, arbitrary: someText }, { weight: 1, arbitrary: fc.constantFrom('m'.repeat(100_000), null) }), 'm'.repeat(100_001))
const eventId = values(fc.constantFrom(TAGS[1]!, TAGS[1]!.toUpperCase(), null), 'not-a-uuid')

/** A record of `kind`; now and then one of another kind, an unknown or a malformed id. */
const ref = (kind: Kind): fc.Arbitrary<Ref> => fc.oneof(
  { weight: 30, arbitrary: fc.nat(12).map((n) => new Ref(kind, n)) },
  { weight: 1, arbitrary: fc.nat(12).map((n) => new Ref(kind, n, true)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...KINDS), fc.nat(12)).map(([other, n]) => new Ref(other, n)) },
  { weight: 1, arbitrary: fc.constantFrom(new Ref('unknown'), new Ref('malformed')) }
)
/** A reference field: a record of `kind`; its faults are ids that name none (unknown, of another kind). */
const reference = (kind: Kind, nullable = true): Values => ({
  valid: nullable ? fc.oneof({ weight: 12, arbitrary: ref(kind) }, { weight: 1, arbitrary: fc.constant(null) }) : ref(kind),
  invalid: fc.constantFrom(...WRONG_TYPES, 'not-a-uuid', ...(nullable ? [] : [null])),
  stray: fc.oneof(fc.constant(new Ref('unknown')), fc.tuple(fc.constantFrom(...KINDS.filter((other) => other !== kind)), fc.nat(12)).map(([other, n]) => new Ref(other, n)))
})

const ABSENT = Symbol('absent')
const NOT_WRITABLE = ['id', 'workspaceId', 'createdAt', 'updatedAt', 'level', 'pulse', 'activityTypeId', 'companyId', 'source', 'bogus']

/**
 * A body of `fields`, each present with probability `presence` (`required` ones always), and now and then up to
 * three faults, applied in turn: a value the schema refuses, a field the route does not take, a required field
 * left out, a field cleared with null, or a reference to no record of the workspace. Several faults in one body
 * ask which one each store reports: the first, in the same order on both.
 */
function bodyOf (fields: Record<string, Values>, presence: number, required: readonly string[] = []): fc.Arbitrary<Body> {
  const names = Object.keys(fields)
  const references = names.filter((name) => fields[name]!.stray !== undefined)
  const weight = Math.round(presence * 10)
  const entries = names.map((name) => required.includes(name)
    ? fields[name]!.valid
    : fc.oneof({ weight: 10 - weight, arbitrary: fc.constant(ABSENT) }, { weight, arbitrary: fields[name]!.valid }))
  const fault = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...names).chain((name) => fields[name]!.invalid.map((value) => [name, value] as const)) },
    { weight: 1, arbitrary: fc.constantFrom(...NOT_WRITABLE).filter((name) => !names.includes(name)).map((name) => [name, 'x'] as const) },
    { weight: 2, arbitrary: fc.constantFrom(...names).map((name) => [name, null] as const) },
    ...(required.length === 0 ? [] : [{ weight: 1, arbitrary: fc.constantFrom(...required).map((name) => [name, ABSENT] as const) }]),
    ...(references.length === 0
      ? []
      : [{ weight: 3, arbitrary: fc.constantFrom(...references).chain((name) => fields[name]!.stray!.map((value) => [name, value] as const)) }])
  )
  const faults = fc.oneof(
    { weight: 6, arbitrary: fc.constant([]) },
    { weight: 3, arbitrary: fc.array(fault, { minLength: 1, maxLength: 1 }) },
    { weight: 2, arbitrary: fc.array(fault, { minLength: 2, maxLength: 3 }) }
  )
  return fc.tuple(fc.tuple(...entries), faults).map(([present, changes]) => {
    const body: Record<string, unknown> = {}
    names.forEach((name, i) => { if (present[i] !== ABSENT) body[name] = present[i] })
    for (const [name, value] of changes) {
      if (value === ABSENT) delete body[name]
      else body[name] = value
    }
    return { json: body }
  })
}

const companyFields = { name, industry: text, address: text, domain, employees, foundedAt, logoUrl: url, tags }
const memberFields = {
  firstName: values(fc.oneof({ weight: 12, arbitrary: someText }, { weight: 1, arbitrary: fc.constant(null) }), '', ...TOO_LONG),
  lastName: values(fc.oneof({ weight: 12, arbitrary: someText }, { weight: 1, arbitrary: fc.constant(null) }), '', ...TOO_LONG),
  primaryEmail,
  emails,
  phones,
  jobTitle: text,
  avatarUrl: url,
  country: text,
  language: text,
  tags,
  linkedinUrl: url
}
const channelFields = { name, externalId: text }
const activityFields = {
  memberId: reference('member', false),
  activityTypeKey: typeKey,
  title: text,
  message,
  externalId: text,
  channelId: reference('channel'),
  eventId,
  replyTo: reference('activity'),
  reactTo: reference('activity'),
  inviteTo: reference('activity')
}

// Bodies below the JSON parser's level: lone surrogates (escaped, and as CESU-8 bytes), bytes that are not UTF-8,
// broken and non-object JSON, duplicate keys.
const utf8 = (value: string) => [...Buffer.from(value)]
const RAW_BODIES: Body[] = [
  { text: '{"name":"a\\ud800b","firstName":"a\\ud800b"}' },
  { text: '{"name":"\\udfff","lastName":"\\udfff"}' },
  { text: '{"name":"ok"' },
  { text: '' },
  { text: 'null' },
  { text: '[]' },
  { text: '{"name":"a","name":"b","firstName":"a","firstName":"b"}' },
  { bytes: [...utf8('{"name":"'), 0xff, ...utf8('","firstName":"x"}')] },
  { bytes: [...utf8('{"name":"'), 0xed, 0xa0, 0x80, ...utf8('","firstName":"x"}')] },
  { bytes: [...utf8('{"name":"caf'), 0xe9, ...utf8('"}')] }
]

// ---- Queries ----

interface Param {
  valid: fc.Arbitrary<string | Ref>
  invalid: fc.Arbitrary<string>
}
const enc = (value: string) => encodeURIComponent(value)
const param = (valid: fc.Arbitrary<string | Ref>, ...invalid: string[]): Param => ({ valid, invalid: fc.constantFrom(...invalid, '') })
const refParam = (kind: Kind) => param(ref(kind), 'not-a-uuid')

// Integers not written as plain decimal digits are a 400 (the contract), like those out of range.
const NOT_DECIMAL = ['0x10', '1e1', '%2B20', '+20', '%2020', '20%20', '1.0', '10.5', 'abc']
const page = param(fc.constantFrom('1', '2', '3', '01', '9007199254740991'), '0', '-1', '9007199254740993', ...NOT_DECIMAL)
const pageSize = param(fc.constantFrom('10', '11', '100'), '9', '101', ...NOT_DECIMAL)

/** Prefixes of the words, in other cases, and the longest searches (100 code points; İ's lower case is 200). */
const search = param(fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(word, fc.nat(5), fc.constantFrom('same', 'lower', 'upper')).map(([w, n, fold]) => {
      const prefix = [...w].slice(0, n + 1).join('')
      return enc(fold === 'lower' ? prefix.toLowerCase() : fold === 'upper' ? prefix.toUpperCase() : prefix)
    })
  },
  { weight: 1, arbitrary: fc.constantFrom('İ'.repeat(100), 'i\u0307'.repeat(50), 'a'.repeat(100), 'A'.repeat(100), 'Σ'.repeat(100)).map(enc) }
), enc('a'.repeat(101)))
const timeParam = param(anyTime.map(enc), ...NOT_TIMES.map(enc))

type Query = ReadonlyArray<readonly [string, string | Ref]>

/** A list query: some of `params` (paging too), each mostly with a valid value; now and then an unknown parameter. */
function queryOf (params: Record<string, Param>): fc.Arbitrary<Query> {
  const all: Record<string, Param> = { page, pageSize, ...params }
  const pair = fc.constantFrom(...Object.keys(all)).chain((key) => fc.oneof(
    { weight: 10, arbitrary: all[key]!.valid },
    { weight: 1, arbitrary: all[key]!.invalid }
  ).map((value) => [key, value] as const))
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant([]) },
    { weight: 8, arbitrary: fc.uniqueArray(pair, { minLength: 1, maxLength: 3, selector: ([key]) => key }) },
    { weight: 1, arbitrary: fc.constant([['bogus', '1'] as const]) }
  )
}

const companyQuery = queryOf({
  q: search,
  domain: param(domain.valid.filter((value): value is string => typeof value === 'string').map(enc), enc('a'.repeat(1001))),
  tag: param(tag.map(enc), 'not-a-uuid'),
  sort: param(fc.constantFrom('createdAt', '-createdAt', 'name', '-name'), 'NAME', 'id', '-')
})
const memberQuery = queryOf({
  q: search,
  email: param(email.map(enc), 'not-an-email'),
  companyId: refParam('company'),
  tag: param(tag.map(enc), 'not-a-uuid'),
  minLevel: param(fc.constantFrom('0', '1', '2', '5'), '6', '-1', '1.5'),
  activeSince: timeParam,
  activeUntil: timeParam,
  sort: param(fc.constantFrom('createdAt', '-createdAt', 'lastActivity', '-lastActivity', 'pulse', '-pulse'), 'name', 'PULSE')
})
const sourceParam = param(sourceValue.map(enc), enc('x'.repeat(101)))
const channelQuery = queryOf({ q: search, source: sourceParam })
const timelineParams = {
  channelId: refParam('channel'),
  activityTypeKey: param(fc.constantFrom(...TYPE_KEYS), 'Note', 'x'.repeat(101)),
  since: timeParam,
  until: timeParam,
  source: sourceParam
}
const activityQuery = queryOf({ memberId: refParam('member'), ...timelineParams })
const timelineQuery = queryOf(timelineParams)

// ---- Steps ----

const workspace = fc.oneof({ weight: 12, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constant(1) })
const tick = fc.oneof(
  { weight: 8, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.constantFrom(61, 86_400, 30 * 86_400) }
)

function step (method: Step['method'], path: fc.Arbitrary<ReadonlyArray<string | Ref>>, query: fc.Arbitrary<Query> = fc.constant([]), body?: fc.Arbitrary<Body>) {
  return fc.tuple(path, query, body ?? fc.constant(undefined), workspace, tick)
    .map(([p, q, b, w, t]) => new Step(method, p, q, b, w, t))
}
const at = (kind: Kind) => ref(kind).map((id) => [ROUTE[kind], id])
const collection = (kind: Kind) => fc.constant([ROUTE[kind]])
// PATCH member also takes companyId; PATCH channel has no source, PATCH activity no source or createdAt.
const memberPatchFields = { ...memberFields, companyId: reference('company') }
// A member needs one of firstName, lastName, primaryEmail: a body without one mostly gets one.
const IDENTITY = ['firstName', 'lastName', 'primaryEmail'] as const
const memberCreate = fc.tuple(bodyOf(memberFields, 0.25), fc.constantFrom(...IDENTITY, undefined), shortText).map(([body, key, value]) => {
  const fields = (body as { json: Record<string, unknown> }).json
  if (key !== undefined && IDENTITY.every((name) => !(name in fields))) fields[key] = key === 'primaryEmail' ? EMAILS[0] : value
  return body
})

const createCompany = step('POST', collection('company'), undefined, bodyOf(companyFields, 0.3, ['name']))
const createMember = step('POST', collection('member'), undefined, memberCreate)
const createChannel = step('POST', collection('channel'), undefined, bodyOf({ ...channelFields, source }, 0.4, ['name']))
const steps: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: createCompany },
  { weight: 6, arbitrary: createMember },
  { weight: 4, arbitrary: createChannel },
  {
    weight: 12,
    arbitrary: step('POST', collection('activity'), undefined,
      bodyOf({ ...activityFields, source, createdAt }, 0.2, ['memberId', 'activityTypeKey']))
  },
  { weight: 3, arbitrary: step('PATCH', at('company'), undefined, bodyOf(companyFields, 0.2)) },
  { weight: 4, arbitrary: step('PATCH', at('member'), undefined, bodyOf(memberPatchFields, 0.15)) },
  { weight: 2, arbitrary: step('PATCH', at('channel'), undefined, bodyOf(channelFields, 0.5)) },
  { weight: 4, arbitrary: step('PATCH', at('activity'), undefined, bodyOf(activityFields, 0.15)) },
  { weight: 2, arbitrary: fc.constantFrom(...KINDS).chain((kind) => step('GET', at(kind))) },
  { weight: 3, arbitrary: fc.constantFrom(...KINDS).chain((kind) => step('DELETE', at(kind))) },
  { weight: 3, arbitrary: step('GET', collection('company'), companyQuery) },
  { weight: 4, arbitrary: step('GET', collection('member'), memberQuery) },
  { weight: 2, arbitrary: step('GET', collection('channel'), channelQuery) },
  { weight: 3, arbitrary: step('GET', collection('activity'), activityQuery) },
  { weight: 2, arbitrary: step('GET', ref('member').map((id) => ['activities', 'member', id]), timelineQuery) },
  { weight: 2, arbitrary: step('GET', ref('member').map((id) => ['members', id, 'duplicates'])) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...KINDS), fc.boolean(), fc.constantFrom(...RAW_BODIES)).chain(([kind, patch, body]) =>
      patch ? step('PATCH', at(kind), undefined, fc.constant(body)) : step('POST', collection(kind), undefined, fc.constant(body)))
  }
)

// A few records first (so most references name one), then anything.
const sequences = fc.tuple(
  fc.array(fc.oneof(createCompany, createMember, createMember, createChannel), { maxLength: 8 }),
  fc.array(steps, { minLength: 1, maxLength: 50, size: 'max' })
).map(([setup, rest]) => [...setup, ...rest])

// ---- Running a sequence ----

interface Answer {
  status: number
  body: unknown
}

/** One app's side of a sequence: the records it created (for refs) and the labels of the ids it answered. */
interface Side {
  app: FastifyInstance
  created: Record<Kind, string[]>
  labels: Map<string, string>
}

const GENERATED_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

async function send (side: Side, request: Step, workspaces: readonly string[]): Promise<Answer> {
  const resolve = (part: string | Ref) => part instanceof Ref ? part.resolve(side.created) : part
  const query = request.query.map(([name, value]) => `${name}=${resolve(value)}`).join('&')
  const url = `/v1/${request.path.map(resolve).join('/')}${query === '' ? '' : `?${query}`}`
  const body = request.body
  const payload = body === undefined
    ? undefined
    : 'json' in body
      ? JSON.stringify(body.json, (_key, value: unknown) => value instanceof Ref ? value.resolve(side.created) : value)
      : 'text' in body ? body.text : Buffer.from(body.bytes)
  const res = await side.app.inject({
    method: request.method,
    url,
    headers: { ...authHeader(workspaces[request.workspace]!), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload })
  })
  let parsed: unknown
  try {
    parsed = res.json()
  } catch {
    parsed = { notJson: res.body }
  }
  if (res.statusCode === 201) {
    const kind = KINDS.find((k) => ROUTE[k] === request.path[0])!
    side.created[kind].push((parsed as Record<string, { id: string }>)[kind]!.id)
  }
  // Generated ids become ID0, ID1, ... in order of first appearance in this side's answers.
  const normalized = JSON.parse(JSON.stringify(parsed), (_key, value: unknown) => {
    if (typeof value !== 'string' || !GENERATED_ID.test(value)) return value
    if (!side.labels.has(value)) side.labels.set(value, `ID${side.labels.size}`)
    return side.labels.get(value)
  }) as unknown
  return { status: res.statusCode, body: normalized }
}

// ---- Reporting ----

/** Strings over 80 code points are shown by their ends, length, UTF-8 size and a digest (so unequal ones look unequal). */
function abbreviate (value: string): string {
  const points = [...value]
  if (points.length <= 80) return value
  const digest = createHash('sha256').update(value).digest('hex').slice(0, 8)
  return `${points.slice(0, 6).join('')}…${points.slice(-3).join('')} (${points.length} code points, ${Buffer.byteLength(value)} bytes, sha256 ${digest})`
}

function show (value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item instanceof Ref ? item[fc.toStringMethod]() : typeof item === 'string' ? abbreviate(item) : item)
}

function describeStep (request: Step): string {
  const part = (p: string | Ref) => p instanceof Ref ? p[fc.toStringMethod]() : p
  const query = request.query.map(([name, value]) => `${name}=${value instanceof Ref ? part(value) : abbreviate(decodeSafely(value))}`).join('&')
  const body = request.body
  const shown = body === undefined
    ? ''
    : 'json' in body ? ` ${show(body.json)}` : 'text' in body ? ` raw ${JSON.stringify(body.text)}` : ` bytes ${Buffer.from(body.bytes).toString('hex')}`
  const context = [request.workspace === 1 ? 'workspace 2' : '', request.tick > 0 ? `after ${request.tick} s` : ''].filter(Boolean).join(', ')
  return `${request.method} /v1/${request.path.map(part).join('/')}${query === '' ? '' : `?${query}`}${shown}${context === '' ? '' : ` (${context})`}`
}

function decodeSafely (value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** Two answers to one request that differ (or a 5xx): its message is the report. */
class Divergence extends Error {}

/** The step where the answers part: the sequence up to it (later steps cannot matter), both answers, their diff. */
function divergence (sequence: readonly Step[], index: number, sqlite: Answer, postgres: Answer): Divergence {
  let diff = ''
  try {
    assert.deepEqual(JSON.parse(show(postgres)), JSON.parse(show(sqlite)))
  } catch (error) {
    diff = (error as Error).message
  }
  const what = sqlite.status >= 500 || postgres.status >= 500 ? 'a 5xx' : 'different answers'
  return new Divergence([
    `${what} at step ${index + 1}:`,
    ...sequence.slice(0, index + 1).map((request, i) => `  ${i + 1}. ${describeStep(request)}`),
    `sqlite:   ${show(sqlite)}`,
    `postgres: ${show(postgres)}`,
    diff
  ].join('\n'))
}

describe('sqlite and postgres answer alike', { skip: testStores().length < 2 && 'no PostgreSQL: see npm test' }, () => {
  test('random request sequences get the same answers from both stores', async (t) => {
    const realNow = Date.now
    let clock = START
    Date.now = () => clock
    t.after(() => { Date.now = realNow })
    // Blocks of 4 rows in the counted list index (each store's own code, src/store/*/counted-index.ts): the few
    // dozen records of a sequence split, merge and seek through many blocks, as a big workspace does.
    const apps = await Promise.all(testStores().map(async (store) => (await buildTestAppWithStore(t, store, { listBlockSize: 4 })).app))

    const property = fc.asyncProperty(sequences, async (sequence) => {
      const workspaces = [randomUUID(), randomUUID()]
      const sides: Side[] = apps.map((app) => ({ app, created: { company: [], member: [], channel: [], activity: [] }, labels: new Map() }))
      clock = START
      for (const [index, request] of sequence.entries()) {
        clock += request.tick * 1000
        const [sqlite, postgres] = [await send(sides[0]!, request, workspaces), await send(sides[1]!, request, workspaces)]
        if (sqlite.status >= 500 || postgres.status >= 500 || !isDeepStrictEqual(sqlite, postgres)) {
          throw divergence(sequence, index, sqlite, postgres)
        }
      }
    })
    const replay = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH, endOnFailure: true } : {}
    const details = await fc.check(property, { numRuns: RUNS, includeErrorInReport: true, ...replay })
    if (details.failed) {
      const error = details.errorInstance
      // A divergence says all that matters; anything else thrown is a bug of the test, reported by fast-check.
      const report = error instanceof Divergence
        ? `the shortest sequence found (after ${details.numRuns} sequence${details.numRuns === 1 ? '' : 's'}, shrunk ${details.numShrinks} times) gets ${error.message}`
        : fc.defaultReportMessage(details) ?? 'failed'
      assert.fail(`${report}\n\nReplay: FC_SEED=${details.seed} FC_PATH=${details.counterexamplePath ?? ''} node scripts/test.mjs test/api/differential.test.ts`)
    }
  })
})
