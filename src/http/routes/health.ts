import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError } from '../../errors.js'
import { ErrorBodySchema, Ref } from '../../schemas/common.js'
import type { Store } from '../../store/types.js'
import { toWireTime } from '../../domain/time.js'

const Status = Type.Object({ status: Type.String() }, { description: 'The service answers', examples: [{ status: 'ok' }] })

export const healthRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  // Liveness: the process answers. No auth, no database.
  app.get('/healthz', {
    schema: {
      operationId: 'getHealth',
      summary: 'Liveness',
      description: 'Answers 200 while the process runs: no token, no database.',
      tags: ['health'],
      security: [],
      response: { 200: Status }
    }
  }, async () => ({ status: 'ok' }))

  // Readiness: the database answers too, and has room for writes as far as the last ones could tell.
  app.get('/readyz', {
    schema: {
      operationId: 'getReadiness',
      summary: 'Readiness',
      description: 'Answers 200 when the database answers too, else 503: no token. Also 503 while the database ' +
        'refuses writes for lack of room (a full disk), with `details` saying so.',
      tags: ['health'],
      security: [],
      response: { 200: Status, 503: Ref(ErrorBodySchema, { description: 'The database does not answer, or has no room for writes' }) }
    }
  }, async (request, reply) => {
    try {
      await store.ping()
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready')
      throw new AppError('UNAVAILABLE')
    }
    // What the last writes saw, not a question to the database. Answered here, not thrown: the requests refused
    // are logged already (error-handler.ts), and a probe every few seconds would add a stack each.
    const refusal = store.refusing()
    if (refusal !== undefined) {
      const message = `refuses writes for lack of room (${refusal.reason}) since ${toWireTime(refusal.since)}`
      return await reply.code(503).send(new AppError('UNAVAILABLE', [{ field: 'database', message }]).body)
    }
    return { status: 'ok' }
  })
}
