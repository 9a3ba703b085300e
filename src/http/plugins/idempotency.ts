import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify'
import { Counter } from 'prom-client'
import { AppError, badRequest } from '../../errors.js'
import type { ErrorDetail } from '../../schemas/common.js'
import { StoreUnavailableError, type KeyedAnswer, type KeyedOutcome, type Store } from '../../store/types.js'
import { toAppError } from './error-handler.js'
import { PREFIX } from './metrics.js'
import { logInvalidFields } from './request-log.js'

// Safe retries (docs/idempotency.md): a POST, PATCH or DELETE with an Idempotency-Key runs once; its answer is
// kept for 24 hours per workspace and key, and a retry of the same request gets it again with
// Idempotent-Replayed: true, executing nothing. The handler runs inside the store's keyed unit, so its writes
// and the kept answer commit together. Register inside /v1, after authentication and rate limiting (their 401
// and 429 are answered before any of this runs, so they are never kept), and before the routes.

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
/** 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7E]+$'
const KEY = /^[\x21-\x7E]{1,255}$/
export const KEYED_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH', 'DELETE'])
const JSON_TYPE = 'application/json; charset=utf-8'

interface Keyed {
  key: string
  fingerprint: string
  /** Whether the keyed unit has run (or been asked for): what onSend sees then needs nothing more. */
  ran: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's Idempotency-Key, when it has one that no kept answer settled before validation. */
    idempotency: Keyed | undefined
  }
}

export interface IdempotencyOptions {
  store: Store
}

export function idempotency (app: FastifyInstance, { store }: IdempotencyOptions): void {
  const registry = app.metricsRegistry
  const replays = registry && new Counter({
    name: `${PREFIX}idempotent_replays_total`,
    help: 'Requests answered with the answer kept for their Idempotency-Key, executing nothing',
    registers: [registry]
  })
  const answer = (reply: FastifyReply, outcome: KeyedOutcome) => {
    if (outcome.kind === 'mismatch' || outcome.kind === 'in-flight') throw keyConflict(outcome.kind)
    if (outcome.kind === 'replayed') {
      reply.header('idempotent-replayed', 'true')
      replays?.inc()
    }
    return reply.code(outcome.answer.status).type(JSON_TYPE).send(outcome.answer.body)
  }

  app.decorateRequest('idempotency', undefined)

  // Before validation, so that a request the validator refuses is kept too (by onSend below).
  const keyedRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['idempotency-key']
    if (header === undefined || !KEYED_METHODS.has(request.method)) return
    if (typeof header !== 'string' || !KEY.test(header)) {
      throw badRequest([{ field: IDEMPOTENCY_KEY_HEADER, message: 'must be 1 to 255 visible ASCII characters (0x21 to 0x7E)' }])
    }
    const keyed: Keyed = { key: header, fingerprint: fingerprintOf(request), ran: false }
    // A kept answer settles the request at once; its absence is checked again inside the unit.
    const kept = await store.idempotency.find(request.workspaceId, keyed.key, keyed.fingerprint)
    if (kept !== undefined) return answer(reply, kept)
    request.idempotency = keyed
  }

  // The hooks go on the routes of keyed methods only: a read runs none of them.
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => KEYED_METHODS.has(method))) return
    route.preValidation = [...[route.preValidation ?? []].flat(), keyedRequest]
    route.onSend = [...[route.onSend ?? []].flat(), keptAnswer]
    const handler = route.handler as RouteHandlerMethod
    route.handler = async function (request, reply) {
      const keyed = request.idempotency
      if (keyed === undefined) return await handler.call(this, request, reply)
      keyed.ran = true
      const outcome = await store.idempotency.run(request.workspaceId, keyed.key, keyed.fingerprint,
        async () => await answerOf(async () => await handler.call(this, request, reply), request, reply))
      return answer(reply, outcome)
    }
  })

  // An answer made without the handler (a body or id the validator refused) is kept here, in a unit of its own:
  // it wrote nothing. A key in flight or used for another request turns it into that 409.
  async function keptAnswer (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const keyed = request.idempotency
    if (keyed === undefined || keyed.ran || typeof payload !== 'string') return payload
    keyed.ran = true
    const status = reply.statusCode
    const body = payload
    // Without the handler, a 409 can only be the key's own.
    if (!isKept(status) || status === 409) return payload
    let outcome: KeyedOutcome
    try {
      outcome = await store.idempotency.run(request.workspaceId, keyed.key, keyed.fingerprint,
        async () => ({ status, body, failed: false }))
    } catch (error) {
      // The answer could not be kept (the database away, or without room): it is sent all the same, since the
      // same request gets it again. Thrown here, it would reach Fastify's own error handler, not ours (which
      // has answered this request once already), and end as a 500.
      if (error instanceof StoreUnavailableError) return payload
      throw error
    }
    if (outcome.kind === 'executed') return payload
    if (outcome.kind === 'replayed') {
      reply.header('idempotent-replayed', 'true')
      replays?.inc()
      reply.code(outcome.answer.status)
      return outcome.answer.body
    }
    reply.code(409)
    return JSON.stringify(keyConflict(outcome.kind).body)
  }
}

/** Every 2xx and 4xx answer is kept but 401 and 429, which say nothing of the request itself; 5xx never. */
function isKept (status: number): boolean {
  return status < 500 && status !== 401 && status !== 429
}

function keyConflict (kind: 'mismatch' | 'in-flight'): AppError {
  const detail: ErrorDetail = kind === 'mismatch'
    ? { field: IDEMPOTENCY_KEY_HEADER, message: 'was used for another request (another method, path or body)' }
    : { field: IDEMPOTENCY_KEY_HEADER, message: 'is in use by a request that is still running; retry once it has answered' }
  return new AppError('CONFLICT', [detail])
}

/**
 * The handler's answer, as the keyed unit keeps it: its status and the exact text the route's serializer makes
 * of its body. An error that would answer a 4xx is an answer too (its writes roll back); any other error is not,
 * and fails the unit.
 */
async function answerOf (handler: () => Promise<unknown>, request: FastifyRequest, reply: FastifyReply): Promise<KeyedAnswer> {
  // A handler may send its body itself (return reply.code(201).send(...)): caught here, to be sent once the unit
  // commits. Meanwhile the reply is no thenable (Fastify's waits for the answer to be sent), so that a handler
  // returning it ends.
  let sent: { payload: unknown } | undefined
  Object.defineProperty(reply, 'send', {
    configurable: true,
    value: (payload: unknown) => {
      sent = { payload }
      return reply
    }
  })
  Object.defineProperty(reply, 'then', { configurable: true, value: undefined })
  try {
    const result = await handler()
    const payload = sent === undefined ? result : sent.payload
    return { status: reply.statusCode, body: serialized(reply, payload), failed: false }
  } catch (error) {
    const appError = toAppError(error)
    if (!isKept(appError.statusCode)) throw error
    if (appError.details !== undefined) logInvalidFields(request, appError.details.map((detail) => detail.field))
    reply.code(appError.statusCode)
    return { status: appError.statusCode, body: serialized(reply, appError.body), failed: true }
  } finally {
    Reflect.deleteProperty(reply, 'send')
    Reflect.deleteProperty(reply, 'then')
  }
}

/** The text the route's serializer makes of `payload` for the reply's status (always a string: JSON). */
function serialized (reply: FastifyReply, payload: unknown): string {
  const text = reply.serialize(payload)
  return typeof text === 'string' ? text : Buffer.from(text as Buffer).toString('utf8')
}

/**
 * What makes two requests the same request: sha256 of the method, the URL as sent (path and query) and the body
 * in canonical JSON (keys sorted at every level, no spaces), so a retry that orders its fields otherwise is the
 * same request; a request without a body has an empty one. JSON.stringify recurses, which is safe: a body nests at
 * most MAX_BODY_DEPTH levels (validation.ts refuses a deeper one before it is parsed, before this runs).
 */
function fingerprintOf (request: FastifyRequest): string {
  return createHash('sha256').update(`${request.method} ${request.url}\n${canonicalJson(request.body)}`).digest('hex')
}

function canonicalJson (value: unknown): string {
  if (value === undefined) return ''
  return JSON.stringify(value, (_key, item: unknown) => typeof item === 'object' && item !== null && !Array.isArray(item)
    ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0))
    : item)
}
