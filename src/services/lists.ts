import { badRequest } from '../errors.js'
import { normalizeDomain } from '../domain/normalize.js'
import { lowerBoundSeconds, toEpochSeconds } from '../domain/time.js'
import type { ActivityListQuery } from '../schemas/activities.js'
import type { ActivityTypeListQuery } from '../schemas/activity-types.js'
import type { ChannelListQuery } from '../schemas/channels.js'
import type { CompanyListQuery } from '../schemas/companies.js'
import type { MemberListQuery } from '../schemas/members.js'
import type { ActivityListFilter, ActivityTypeListFilter, ChannelListFilter, CompanyListFilter, MemberListFilter } from '../store/types.js'

// A list's query as the store takes it: the filters become domain values here, once (times as epoch seconds
// compared at the second, search text lower-cased in JavaScript as the stored keys are, a domain normalised as
// stored ones are), and a time range whose end comes before its start is refused.

export function activityFilter (query: ActivityListQuery): ActivityListFilter {
  const { since, until, ...rest } = query
  checkRange(since, until, 'since', 'until')
  return { ...rest, ...timeRange(since, until, 'since', 'until') }
}

export function memberFilter (query: MemberListQuery): MemberListFilter {
  const { activeSince, activeUntil, q, email, ...rest } = query
  checkRange(activeSince, activeUntil, 'activeSince', 'activeUntil')
  return {
    ...rest,
    ...(q === undefined ? {} : { q: q.toLowerCase() }),
    ...(email === undefined ? {} : { email: email.toLowerCase() }),
    ...timeRange(activeSince, activeUntil, 'activeSince', 'activeUntil')
  }
}

export function companyFilter (query: CompanyListQuery): CompanyListFilter {
  const { q, domain, ...rest } = query
  return {
    ...rest,
    ...(q === undefined ? {} : { q: q.toLowerCase() }),
    // A text that normalises to nothing names no domain: it matches no company.
    ...(domain === undefined ? {} : { domain: normalizeDomain(domain) || null })
  }
}

export const channelFilter = (query: ChannelListQuery): ChannelListFilter => lowerCaseQ(query)

// Keys are lower case (their schema says so), so a prefix in any case finds them, as the other lists' `q` does.
export const activityTypeFilter = (query: ActivityTypeListQuery): ActivityTypeListFilter => lowerCaseQ(query)

/** A list whose only text filter is `q`, a prefix compared in lower case. */
function lowerCaseQ<Q extends { q?: string }> (query: Q): Q {
  return query.q === undefined ? query : { ...query, q: query.q.toLowerCase() }
}

/**
 * Bounds in whole stored seconds: a lower bound with a fraction rounds up (`…:00.5Z` excludes `…:00Z`), an
 * upper bound rounds down.
 */
function timeRange<F extends string, T extends string> (from: string | undefined, to: string | undefined, fromName: F, toName: T) {
  return {
    ...(from === undefined ? {} : { [fromName]: lowerBoundSeconds(from) }),
    ...(to === undefined ? {} : { [toName]: toEpochSeconds(to) })
  } as Partial<Record<F | T, number>>
}

/** A time range whose end comes before its start can match nothing: a 400, not an empty list. */
function checkRange (from: string | undefined, to: string | undefined, fromName: string, toName: string): void {
  if (from !== undefined && to !== undefined && Date.parse(to.toUpperCase()) < Date.parse(from.toUpperCase())) {
    throw badRequest([{ field: toName, message: `must not be before ${fromName}` }])
  }
}
