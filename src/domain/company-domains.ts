import { FREE_MAIL_DOMAINS_TEXT } from './free-mail-domains.js'
import { normalizeDomain } from './normalize.js'

// Companies from email domains (docs/identity.md): which company a member is attached to by its primary email,
// and which members a company's domain attaches. Pure: the stores read the settings and do the writes.

/** A workspace's identity settings: whether members make and join companies by their email's domain, and the domains it treats as free-mail. */
export interface IdentitySettings {
  autoCompanies: boolean
  /** Normalised, de-duplicated, in the order given. */
  freeMailDomains: string[]
}

/** A workspace's settings until it sets them. */
export const defaultIdentitySettings = (): IdentitySettings => ({ autoCompanies: true, freeMailDomains: [] })

/** How many domains a workspace may add to the shipped free-mail list. */
export const MAX_FREE_MAIL_DOMAINS = 1000

/** Free-mail and disposable providers, shipped with the service (free-mail-domains.ts says where from). */
const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set(FREE_MAIL_DOMAINS_TEXT.split('\n').filter((line) => line !== ''))

export const isFreeMailDomain = (domain: string): boolean => FREE_MAIL_DOMAINS.has(domain)

// RFC 2606 and RFC 6761: the second-level names reserved for documentation, and the top-level names reserved for
// tests, examples, invalid names and loopback; each name itself and every name under it.
const RESERVED = ['example.com', 'example.net', 'example.org', 'example', 'test', 'invalid', 'localhost']

export const isReservedDomain = (domain: string): boolean =>
  RESERVED.some((name) => domain === name || domain.endsWith(`.${name}`))

/** The normalised domain of an email address (what follows its last `@`), as a company's domain is kept; null for none. */
export function emailDomain (email: string | null): string | null {
  if (email === null) return null
  return normalizeDomain(email.slice(email.lastIndexOf('@') + 1)) || null
}

/** Whether a domain can never make or attach companies, whatever a workspace says: reserved names, the shipped list. */
export const isSharedDomain = (domain: string): boolean => isReservedDomain(domain) || isFreeMailDomain(domain)

/** Whether a workspace's settings let a domain (already not shared) make and attach companies. */
export const settingsAllow = (settings: IdentitySettings, domain: string): boolean =>
  settings.autoCompanies && !settings.freeMailDomains.includes(domain)

/** A member as a write leaves it, with what the write said. */
export interface MemberWrite {
  primaryEmail: string | null
  companyId: string | null
  /** The primary email before the write; undefined for a new member. */
  previousEmail?: string | null
  /** Whether the write named `companyId` (null included): then the member keeps what it named. */
  namesCompany: boolean
}

/**
 * The domain of the company a member write attaches the member to, before the workspace's settings are asked
 * (settingsAllow): the one of its primary email when the write gave it that email (a new member with one, or a
 * changed one), the member has no company and the write did not name one, and the domain is not shared.
 */
export function memberCompanyDomain (write: MemberWrite): string | undefined {
  if (write.namesCompany || write.companyId !== null || write.primaryEmail === null) return undefined
  if (write.previousEmail !== undefined && write.previousEmail === write.primaryEmail) return undefined
  const domain = emailDomain(write.primaryEmail)
  return domain === null || isSharedDomain(domain) ? undefined : domain
}

/**
 * The domain whose members without a company a company write attaches, before the settings are asked: the
 * company's domain when the write gave it (a new company with one, or a changed one), unless it is shared.
 * `previousDomain` is undefined for a new company.
 */
export function companyAttachDomain (domain: string | null, previousDomain?: string | null): string | undefined {
  if (domain === null || domain === previousDomain || isSharedDomain(domain)) return undefined
  return domain
}

/**
 * A domain a workspace adds to its free-mail list, normalised as company domains are; undefined when it is not
 * a host name (labels of letters, digits and inner hyphens, at least two, at most 253 characters).
 */
export function freeMailDomain (value: string): string | undefined {
  const domain = normalizeDomain(value)
  const labels = domain.split('.')
  if (domain.length > 253 || labels.length < 2) return undefined
  return labels.every((label) => /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u.test(label)) ? domain : undefined
}
