import createClient, { type Client } from 'openapi-fetch'
import type { paths } from './openapi.js'

export type { paths } from './openapi.js'

/** A client of the service whose calls, bodies and answers are typed from its OpenAPI document. */
export type RecordsClient = Client<paths>

export interface RecordsClientOptions {
  /** Where the service answers, without /v1: `http://127.0.0.1:8080`. */
  baseUrl: string
  /** A JWT for one workspace (`npm run token`), sent as `Authorization: Bearer` with every call. */
  token: string
}

/**
 * openapi-fetch's client on the service's paths: `client.GET('/v1/companies/{id}', { params: { path: { id } } })`
 * gives `{ data }` (the 2xx body) or `{ error }` (the `{ code, error, details? }` envelope), with `response`.
 */
export function createRecordsClient ({ baseUrl, token }: RecordsClientOptions): RecordsClient {
  return createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } })
}
