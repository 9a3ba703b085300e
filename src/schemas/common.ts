import { Type, type Static, type TSchema, type TUnsafe } from 'typebox'

const MAX_TEXT = 1000
const MAX_ITEMS = 100

// PostgreSQL text cannot hold U+0000, so no string field accepts it on either store.
const NO_NUL = '^[^\\u0000]*$'

export const Uuid = Type.String({ format: 'uuid', lowercase: true })

/** The ids and times of the examples in the OpenAPI document. */
export const EXAMPLE = {
  workspaceId: '3f1c2a9e-8d4b-4c6a-9e2f-7b5d1a0c4e81',
  createdAt: '2026-01-05T09:30:00Z',
  updatedAt: '2026-01-06T14:02:11Z'
} as const
/** Any RFC 3339 date-time with an offset (see domain/time.ts for the format check). */
export const DateTimeInput = Type.String({ format: 'date-time', maxLength: 64 })
export const HttpUrl = Type.String({ format: 'uri', pattern: '^[hH][tT][tT][pP][sS]?://', maxLength: MAX_TEXT })
export const Email = Type.String({ format: 'email', maxLength: 320 })

export function Text (options: { min?: number, max?: number } = {}) {
  return Type.String({ minLength: options.min ?? 0, maxLength: options.max ?? MAX_TEXT, pattern: NO_NUL })
}

export function List<T extends TSchema> (item: T) {
  return Type.Array(item, { maxItems: MAX_ITEMS })
}

/**
 * `type: [T, 'null']` rather than anyOf: Ajv and fast-json-stringify both handle it directly, and the
 * serializer writes null as null (a non-nullable string would become "").
 */
export function Nullable<T extends TSchema> (schema: T) {
  const { type, ...rest } = schema as unknown as { type: string }
  return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, 'null'] } as unknown as TSchema)
}

/** Each request field of a body: optional, and `null` means unset. */
function OptionalNullable<T extends TSchema> (schema: T) {
  return Type.Optional(Nullable(schema))
}

/** A 400 lists at most this many problems (one per field), so a hostile body cannot make a huge answer. */
export const MAX_DETAILS = 20

export const ErrorDetailSchema = Type.Object({
  field: Type.String({ description: 'Where the problem is: a field (`name`, `emails.1`), a query parameter, or `body`' }),
  message: Type.String({ description: 'What is wrong with it' }),
  id: Type.Optional(Type.String({ format: 'uuid', description: 'The record in the way, for a conflict' }))
}, { $id: 'ErrorDetail', description: 'One problem of a bad request, or the rule a conflicting write would break' })
export const ErrorBodySchema = Type.Object({
  code: Type.String({ description: 'BAD_REQUEST, UNAUTHORIZED, NOT_FOUND, METHOD_NOT_ALLOWED, CONFLICT, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, RATE_LIMITED, INTERNAL or UNAVAILABLE' }),
  error: Type.String({ description: 'The fixed message of the code' }),
  details: Type.Optional(Type.Array(Ref(ErrorDetailSchema), {
    description: `What was wrong: for a 400, every problem found in the body or the query, one per field, at most ${MAX_DETAILS}; ` +
      'for a 409, the rule the write would break and the record in the way'
  }))
}, { $id: 'Error', description: 'Every error answer: a code, its fixed message, and sometimes details' })
export type ErrorBody = Static<typeof ErrorBodySchema>
export type ErrorDetail = Static<typeof ErrorDetailSchema>

/**
 * A reference to a named schema: one registered with addSchema (app.ts), which the OpenAPI document shows as
 * a component of that name and the serializer resolves. Typed as the schema itself.
 */
export function Ref<T extends TSchema> (schema: T, options: Record<string, unknown> = {}) {
  const id = (schema as { $id?: unknown }).$id
  if (typeof id !== 'string') throw new Error('Ref() needs a schema with an $id')
  return Type.Unsafe<Static<T>>({ ...options, $ref: id } as unknown as TSchema)
}

const header = (description: string) => ({ type: 'integer', description })

/** The headers of every answer to an authenticated /v1 request while rate limiting is on (http/plugins/rate-limit.ts). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': header('Requests the workspace may make at once (the bucket size); sent while rate limiting is on'),
  'RateLimit-Remaining': header('Requests left in the bucket now'),
  'RateLimit-Reset': header('Seconds until the bucket is full again')
}

/** The error statuses a /v1 route can declare, each with what it means there and the headers it carries. */
const ERROR_RESPONSES = {
  400: { description: 'Invalid request: a bad body or query (`details` lists every problem, one per field, at most 20), bad JSON, or a reference to a record the workspace does not have', headers: RATE_LIMIT_HEADERS },
  401: {
    description: 'Authentication failed: no token, another scheme, a malformed, badly signed, expired or not-yet-valid token, or a missing or non-uuid `workspaceId` claim',
    headers: { 'WWW-Authenticate': { type: 'string', description: 'RFC 6750: `Bearer` when no bearer token was sent, else `Bearer error="invalid_token", error_description="..."` saying why (expired, bad signature...)' } }
  },
  404: { description: 'Resource not found: the id is unknown, not a uuid, or of another workspace', headers: RATE_LIMIT_HEADERS },
  405: { description: 'Method not allowed: the path exists with other methods, listed in `Allow`', headers: { Allow: { type: 'string', description: 'The methods the path has' } } },
  409: { description: 'Conflict: the write would break a uniqueness rule, or remove a record others still use; `details` names the field and, when there is one, the record in the way (`id`)', headers: RATE_LIMIT_HEADERS },
  413: { description: 'Payload too large: the body is over 1 MiB', headers: RATE_LIMIT_HEADERS },
  415: { description: 'Unsupported media type: a body that is not `application/json`', headers: RATE_LIMIT_HEADERS },
  429: {
    description: 'Too many requests: the workspace used up its rate limit',
    headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': header('Seconds until a request is allowed again') }
  },
  503: {
    description: 'Service unavailable: the database is unreachable or saturated (a full pool queue, a SQLite write lock held too long), ' +
      'has no room for the write (a full disk: with `Retry-After`), or the identity provider\'s key set cannot be had; retry later',
    headers: { 'Retry-After': header('Seconds to wait before retrying; sent when the database has no room for writes (a full disk)') }
  }
} as const
export type ErrorStatus = keyof typeof ERROR_RESPONSES

/** What every /v1 operation can answer, whatever its input: the token, the method, the rate limit, the database. */
const EVERY_OPERATION = [400, 401, 405, 429, 503] as const

/**
 * The responses of a /v1 route: its success body (a named schema, with the rate-limit headers) and the shared
 * error envelope for every status it can answer, those of every operation plus `statuses` (404 with an id in
 * the path, 409 when it can conflict, 413 and 415 when it takes a body).
 */
export function withErrors<R extends Record<number, TSchema>, S extends ErrorStatus> (success: R, ...statuses: S[]) {
  const responses: Record<number, TSchema> = {}
  for (const [status, schema] of Object.entries(success)) {
    responses[Number(status)] = Ref(schema, { description: (schema as { description?: string }).description, headers: RATE_LIMIT_HEADERS })
  }
  for (const status of new Set([...EVERY_OPERATION, ...statuses].sort())) {
    responses[status] = Ref(ErrorBodySchema, ERROR_RESPONSES[status])
  }
  return responses as { [K in keyof R]: TUnsafe<Static<R[K] & TSchema>> } & Record<S | typeof EVERY_OPERATION[number], TUnsafe<ErrorBody>>
}

// A path id that is not a uuid answers 404 like an unknown one (contract): see toAppError.
export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false })

export const SuccessBody = Type.Object({ success: Type.Boolean() }, { $id: 'Success', description: 'The record was deleted', examples: [{ success: true }] })

/** Every field optional and nullable: the shape of PATCH bodies and of a create body's optional fields. */
export function optionalFields<P extends Record<string, TSchema>> (props: P) {
  const out: Record<string, TSchema> = {}
  for (const [key, schema] of Object.entries(props)) out[key] = OptionalNullable(schema)
  return out as { [K in keyof P]: ReturnType<typeof OptionalNullable<P[K]>> }
}

/** Request bodies never carry fields their schema does not name (contract: unknown fields -> 400). */
export function Body<P extends Record<string, TSchema>> (props: P, options: { examples?: unknown[] } = {}) {
  return Type.Object(props, { ...options, additionalProperties: false })
}

export const NullableString = Nullable(Type.String())

/** A string from a fixed set; Ajv answers "must be equal to one of the allowed values" when it is not. */
export function StringEnum<T extends string> (values: readonly T[]) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values] } as unknown as TSchema)
}

/** The paging part of every list query: page >= 1 (default 1), pageSize 10..100 (default 10). */
const pageFields = {
  page: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 }),
  pageSize: Type.Integer({ minimum: 10, maximum: 100, default: 10 })
}

/** A list query: paging plus the list's filters, all optional; unknown parameters are a 400. */
export function ListQuery<P extends Record<string, TSchema>> (filters: P) {
  return Type.Object({ ...pageFields, ...optional(filters) }, { additionalProperties: false })
}

function optional<P extends Record<string, TSchema>> (props: P) {
  const out: Record<string, TSchema> = {}
  for (const [key, schema] of Object.entries(props)) out[key] = Type.Optional(schema)
  return out as { [K in keyof P]: ReturnType<typeof Type.Optional<P[K]>> }
}

/** Text searched by prefix: 1..100 characters. */
export const SearchText = Text({ min: 1, max: 100 })
