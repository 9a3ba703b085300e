import { createHash } from 'node:crypto'
import type { Identity } from './members.js'

// Which members are probably the same person (docs/identity.md, "Duplicates"): each member has identity keys,
// computed here and nowhere else, that both stores keep in a side table (member_keys) on every write; two members
// sharing a key of a kind share that reason.

/** Why another member is probably the same person, in the order an answer lists them. */
export const DUPLICATE_REASONS = ['email', 'nameAndCompany', 'name'] as const
export type DuplicateReason = typeof DUPLICATE_REASONS[number]

/** At most this many duplicates are answered for a member: the strongest, then the newest. */
export const DUPLICATES_LIMIT = 100

/** What identifies a member: its names, emails and company. */
export interface IdentityFacts extends Identity {
  companyId: string | null
}

export interface IdentityKey {
  kind: DuplicateReason
  key: string
}

/** Providers whose addresses ignore dots and `+tags` in the local part; googlemail.com is gmail.com. */
const DOTLESS_PROVIDERS: ReadonlyMap<string, string> = new Map([['gmail.com', 'gmail.com'], ['googlemail.com', 'gmail.com']])

/**
 * An email as the mailbox it reaches: lower-cased, and for gmail.com and googlemail.com without dots or a `+tag`
 * in the local part, at gmail.com (john.smith+x@GMail.com is johnsmith@gmail.com). Other providers' dots and
 * tags are kept: j.doe@example.org and jdoe@example.org are two mailboxes.
 */
export function normalizeEmail (email: string): string {
  const lower = email.toLowerCase()
  const at = lower.lastIndexOf('@')
  const provider = DOTLESS_PROVIDERS.get(lower.slice(at + 1))
  if (at < 0 || provider === undefined) return lower
  const local = lower.slice(0, at).split('+')[0]!.replaceAll('.', '')
  return local === '' ? lower : `${local}@${provider}`
}

/**
 * A name folded for comparison: case folded (upper then lower case, so ß is ss), compatibility-decomposed (NFKD:
 * ﬁ is fi, a full-width Ａ is A, é is e + an accent), every combining mark removed, whitespace collapsed and trimmed.
 */
export function foldName (name: string): string {
  return name.toUpperCase().toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/gu, ' ').trim()
}

/** The folded full name: both names present and not blank once folded (a lone "Alex" is no evidence). */
export function fullName (member: Pick<Identity, 'firstName' | 'lastName'>): string | undefined {
  if (member.firstName === null || member.lastName === null) return undefined
  const first = foldName(member.firstName)
  const last = foldName(member.lastName)
  return first === '' || last === '' ? undefined : `${first} ${last}`
}

/**
 * The longest email or name kept as it is, in UTF-16 code units (at most 600 bytes of UTF-8): a longer one (a name
 * of hundreds of characters) is kept as its SHA-256, so every key (a `nameAndCompany` one is the company's id, a
 * space and the name) fits any index (PostgreSQL's btree entries hold about 2,700 bytes) and long names still
 * compare whole.
 */
export const KEY_LENGTH = 200

const bounded = (key: string): string =>
  key.length <= KEY_LENGTH ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`

/**
 * How every `nameAndCompany` key of a company's members begins (the company's id and a space; the name after it is
 * bounded alone), so a company's keys are one range of the index: what a company's deletion clears.
 */
export const companyKeyPrefix = (companyId: string): string => `${companyId} `

/**
 * A member's identity keys, each once: `email` for each of its emails (primaryEmail and emails) as normalizeEmail
 * makes it; `name` for its full name; `nameAndCompany` for its full name with its company, when it has one.
 */
export function identityKeys (member: IdentityFacts): IdentityKey[] {
  const emails = [member.primaryEmail, ...member.emails].filter((email): email is string => email !== null)
  const keys: IdentityKey[] = [...new Set(emails.map(normalizeEmail))].map((key) => ({ kind: 'email', key: bounded(key) }))
  const name = fullName(member)
  if (name !== undefined) {
    keys.push({ kind: 'name', key: bounded(name) })
    if (member.companyId !== null) keys.push({ kind: 'nameAndCompany', key: companyKeyPrefix(member.companyId) + bounded(name) })
  }
  return keys
}

/**
 * Why a member with keys `theirs` is probably the same person as one with keys `mine`, in DUPLICATE_REASONS
 * order; `nameAndCompany` replaces `name`. Empty: not a duplicate.
 */
export function duplicateReasons (mine: readonly IdentityKey[], theirs: readonly IdentityKey[]): DuplicateReason[] {
  const shared = new Set(theirs.map(({ kind, key }) => `${kind} ${key}`))
  const kinds = new Set(mine.filter(({ kind, key }) => shared.has(`${kind} ${key}`)).map(({ kind }) => kind))
  if (kinds.has('nameAndCompany')) kinds.delete('name')
  return DUPLICATE_REASONS.filter((reason) => kinds.has(reason))
}

/** A member that shares a key of `kind` with the one asked about, as the key's index gives it. */
export interface KeyMatch {
  memberId: string
  createdAt: number
  kind: DuplicateReason
}

const strength = (reason: DuplicateReason): number => DUPLICATE_REASONS.length - DUPLICATE_REASONS.indexOf(reason)

/**
 * The order of an answer: the strongest reason first (email, then nameAndCompany, then name), then createdAt
 * desc, then id desc (the lists' order).
 */
export function byStrength (a: { strongest: DuplicateReason, createdAt: number, id: string },
  b: { strongest: DuplicateReason, createdAt: number, id: string }): number {
  return strength(b.strongest) - strength(a.strongest) || b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
}

/**
 * The ids of the first `limit` members in answer order, from the matches of each of a member's keys. Exact when
 * each key's matches are its first `limit` in createdAt desc, id desc order: a member a key's cut left out has
 * `limit` others at least as strong and newer before it.
 */
export function strongestFirst (matches: readonly KeyMatch[], limit = DUPLICATES_LIMIT): string[] {
  const found = new Map<string, { strongest: DuplicateReason, createdAt: number, id: string }>()
  for (const { memberId, createdAt, kind } of matches) {
    const seen = found.get(memberId)
    if (seen === undefined || strength(kind) > strength(seen.strongest)) found.set(memberId, { strongest: kind, createdAt, id: memberId })
  }
  return [...found.values()].sort(byStrength).slice(0, limit).map(({ id }) => id)
}
