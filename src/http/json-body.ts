import { isUtf8 } from 'node:buffer'
import type { FastifyInstance } from 'fastify'
import { badRequest } from '../errors.js'

/**
 * JSON bodies are read as bytes and refused unless they are UTF-8 (contract: text is well-formed Unicode).
 * Decoding them as a string first, as Fastify's own parser does, would turn each bad byte into U+FFFD and
 * store a text the client never sent.
 */
export function parseJsonBodies (app: FastifyInstance): void {
  // Proto and constructor keys are refused, as Fastify's default parser does.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer
    if (!isUtf8(bytes)) {
      done(badRequest([{ field: 'body', message: 'must be UTF-8 text' }]), undefined)
      return
    }
    parseJson(request, bytes.toString('utf8'), done)
  })
}
