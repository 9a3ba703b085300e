import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError } from '../../errors.js'
import { ErrorBodySchema, Ref } from '../../schemas/common.js'
import type { Store } from '../../store/types.js'

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

  // Readiness: the database answers too.
  app.get('/readyz', {
    schema: {
      operationId: 'getReadiness',
      summary: 'Readiness',
      description: 'Answers 200 when the database answers too, else 503: no token.',
      tags: ['health'],
      security: [],
      response: { 200: Status, 503: Ref(ErrorBodySchema, { description: 'The database does not answer' }) }
    }
  }, async (request) => {
    try {
      await store.ping()
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready')
      throw new AppError('UNAVAILABLE')
    }
    return { status: 'ok' }
  })
}
