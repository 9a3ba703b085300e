/** A uuid in its text form, of any version, in either case (RFC 9562); ids are issued and kept in lower case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value)

/** Ids are issued as lower-case uuids; any other spelling names no record (SQLite compares text). */
export const isId = (value: unknown): value is string => isUuid(value) && value === value.toLowerCase()
