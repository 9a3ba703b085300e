import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler'

/**
 * Fastify's own serializers (fast-json-stringify, every named schema in reach), each compiled on the first answer
 * that uses it rather than at start, as validation.ts does for validators. Compiling every route's response schemas
 * at start was over a third of the time to build the app (a CPU profile of the test suite, which builds hundreds),
 * and a route's first answer of each status pays a few milliseconds instead. Every route's schemas are compiled by
 * the tests.
 */
export function lazySerializers (): SerializerFactory {
  const fastifyDefault = SerializerSelector()
  return (externalSchemas, options) => {
    const compile = fastifyDefault(externalSchemas, options)
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined
      return (doc) => (serialize ??= compile(route))(doc)
    }
  }
}
