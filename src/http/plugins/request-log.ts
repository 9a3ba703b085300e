import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import type { DestinationStream } from 'pino'
import { COMPANY_SORTS } from '../../schemas/companies.js'
import { MEMBER_SORTS } from '../../schemas/members.js'
import { requestId } from './request-id.js'

/**
 * The logger's options for the Fastify constructor: one line per request when it completes, with the request's
 * id in every line of the request (see request-id.ts); headers (and so tokens) are never logged, and the URL only
 * as loggedUrl leaves it: no credentials, no personal data.
 */
export function requestLog (level: string, stream?: DestinationStream): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId'> {
  return {
    logger: {
      level,
      redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
      ...(stream === undefined ? {} : { stream })
    },
    genReqId: requestId,
    logController: new RequestLog({ requestIdLogLabel: 'requestId' })
  }
}

// Probes and scrapes come every few seconds from machines: a line each at info would bury the requests.
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics'])

// The fields a 400 named, for its line (set by the error handler, which alone knows them).
const invalidFields = new WeakMap<FastifyRequest, string[]>()

/** Names, in the request's log line, the fields that made it a bad request (never their values). */
export function logInvalidFields (request: FastifyRequest, fields: string[]): void {
  invalidFields.set(request, fields)
}

class RequestLog extends LogController {
  override incomingRequest (): void {}

  override requestCompleted (error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      workspaceId: request.workspaceId || undefined,
      invalidFields: invalidFields.get(request),
      // Why a 401 was a 401 (expired, bad_signature, missing_claim...): a reason code, never the token.
      authFailure: request.authFailure
    }
    if (error) reply.log.error({ ...line, err: error }, 'request failed')
    else if (QUIET_ROUTES.has(request.routeOptions.url ?? '') && reply.statusCode < 500) reply.log.debug(line, 'request')
    else reply.log.info(line, 'request')
  }
}

/**
 * The words of the service's route paths (`v1`, `members`, `bulk`...), learnt as routes are added: a path segment
 * that is neither one of them nor an id is logged as `[redacted]`. Register before the routes.
 */
export function learnRouteWords (app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    for (const word of route.url.split('/')) if (word !== '' && !word.startsWith(':') && !word.includes('*')) ROUTE_WORDS.add(word)
  })
}

// Every app of the process registers the same routes: one set for all.
const ROUTE_WORDS = new Set<string>()
const REDACTED = '[redacted]'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DIGITS = /^[0-9]{1,20}$/
const INSTANT = /^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[Tt ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,9})?)?)?(?:[Zz]|[+-][0-9]{2}:?[0-9]{2})?$/
const SORTS: ReadonlySet<string> = new Set<string>([...MEMBER_SORTS, ...COMPANY_SORTS])

/**
 * The query parameters whose values the log keeps, each with the shape a value must have to be kept: numbers,
 * ids, instants and sort orders, which say nothing of a person. Every other parameter's value (`q`, `email`,
 * `domain`, `externalId`, `source`, `activityTypeKey`, credentials, one added later, one no route knows) is
 * `[redacted]`, and so is a kept parameter's value of another shape.
 */
const KEPT: Readonly<Record<string, (value: string) => boolean>> = {
  page: (value) => DIGITS.test(value),
  pageSize: (value) => DIGITS.test(value),
  minLevel: (value) => DIGITS.test(value),
  memberId: (value) => UUID.test(value),
  companyId: (value) => UUID.test(value),
  channelId: (value) => UUID.test(value),
  tag: (value) => UUID.test(value),
  since: (value) => INSTANT.test(value),
  until: (value) => INSTANT.test(value),
  activeSince: (value) => INSTANT.test(value),
  activeUntil: (value) => INSTANT.test(value),
  sort: (value) => SORTS.has(value)
}

/** A query string's name or value as the query parser reads it ('+' a space, %XX decoded); undefined if malformed. */
function decoded (text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return undefined
  }
}

/**
 * The URL for the log, which holds no credentials and no personal data: path segments that are neither words of
 * the service's routes nor ids (a token or an email in a path), and the values of query parameters outside KEPT,
 * are `[redacted]`. Parameter names are kept as sent.
 */
export function loggedUrl (url: string): string {
  const at = url.indexOf('?')
  const path = (at === -1 ? url : url.slice(0, at)).split('/')
    .map((segment) => segment === '' || ROUTE_WORDS.has(segment) || UUID.test(segment) ? segment : REDACTED).join('/')
  if (at === -1) return path
  const query = url.slice(at + 1).split('&').map((parameter) => {
    const equals = parameter.indexOf('=')
    if (equals === -1) return parameter
    const name = decoded(parameter.slice(0, equals))
    const value = decoded(parameter.slice(equals + 1))
    const keep = name !== undefined && value !== undefined && Object.hasOwn(KEPT, name) && KEPT[name]!(value)
    return keep ? parameter : `${parameter.slice(0, equals)}=${REDACTED}`
  })
  return `${path}?${query.join('&')}`
}
