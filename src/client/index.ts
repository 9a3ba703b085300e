import createClient, { type Client } from 'openapi-fetch'
import type { components, paths } from './openapi.js'

export type { components, operations, paths } from './openapi.js'

// The document's named schemas, as types a caller can name.
type Schemas = components['schemas']
export type Company = Schemas['Company']
export type Member = Schemas['Member']
export type Activity = Schemas['Activity']
export type Channel = Schemas['Channel']
export type ErrorBody = Schemas['Error']
export type CompanyPage = Schemas['CompanyPage']
export type MemberPage = Schemas['MemberPage']
export type ActivityPage = Schemas['ActivityPage']
export type ChannelPage = Schemas['ChannelPage']
export type ActivityType = Schemas['ActivityType']
export type ActivityTypePage = Schemas['ActivityTypePage']
export type EngagementSettings = Schemas['EngagementSettings']
export type Engagement = Schemas['Engagement']
export type MemberDuplicates = Schemas['MemberDuplicates']

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
