import { Type, type Static, type TSchema } from 'typebox'

const MAX_TEXT = 1000
const MAX_ITEMS = 100

// PostgreSQL text cannot hold U+0000, so no string field accepts it on either store.
const NO_NUL = '^[^\\u0000]*$'

export const Uuid = Type.String({ format: 'uuid', lowercase: true })
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

export const ErrorDetailSchema = Type.Object({ field: Type.String(), message: Type.String() })
export const ErrorBodySchema = Type.Object({
  code: Type.String(),
  error: Type.String(),
  details: Type.Optional(Type.Array(ErrorDetailSchema))
})
export type ErrorBody = Static<typeof ErrorBodySchema>
export type ErrorDetail = Static<typeof ErrorDetailSchema>

/** Response schemas of a route: its success bodies plus the shared error envelope for each error status. */
export function withErrors<R extends Record<number, TSchema>, S extends number> (success: R, ...statuses: S[]) {
  const errors = Object.fromEntries([401, ...statuses].map((status) => [status, ErrorBodySchema]))
  return { ...success, ...errors } as R & Record<401 | S, typeof ErrorBodySchema>
}

// A path id that is not a uuid answers 404 like an unknown one (contract): see toAppError.
export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false })

export const SuccessBody = Type.Object({ success: Type.Boolean() })

/** Every field optional and nullable: the shape of PATCH bodies and of a create body's optional fields. */
export function optionalFields<P extends Record<string, TSchema>> (props: P) {
  const out: Record<string, TSchema> = {}
  for (const [key, schema] of Object.entries(props)) out[key] = OptionalNullable(schema)
  return out as { [K in keyof P]: ReturnType<typeof OptionalNullable<P[K]>> }
}

/** Request bodies never carry fields their schema does not name (contract: unknown fields -> 400). */
export function Body<P extends Record<string, TSchema>> (props: P) {
  return Type.Object(props, { additionalProperties: false })
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
