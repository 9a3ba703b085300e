import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError } from '../../errors.js'
import { ErrorBodySchema } from '../../schemas/common.js'
import type { Store } from '../../store/types.js'

const Status = Type.Object({ status: Type.String() })

export const healthRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  // Liveness: the process answers. No auth, no database.
  app.get('/healthz', { schema: { security: [], response: { 200: Status } } }, async () => ({ status: 'ok' }))

  // Readiness: the database answers too.
  app.get('/readyz', { schema: { security: [], response: { 200: Status, 503: ErrorBodySchema } } }, async (request) => {
    try {
      await store.ping()
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready')
      throw new AppError('UNAVAILABLE')
    }
    return { status: 'ok' }
  })
}
