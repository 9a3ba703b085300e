import { emailDomain, isSharedDomain, settingsAllow, type IdentitySettings } from '../../domain/company-domains.js'
import { newRow, patchedRow } from './rows.js'
import { members } from './resources.js'
import { gainedKeys, keyConflict, oldestHolders, type Holder } from './matching.js'
import { checkMember, identity, itemOutcome } from './rules.js'
import { memberDomain } from './identity.js'
import type { MemberRow } from './records.js'
import type { ItemError } from '../types.js'

// A bulk write of members whose items are independent, judged for all at once (both stores), as activities are
// (bulk.ts): no email is named by two items, no two items find one member, no item names an email of a member
// another item updates, none names its company, and no company the batch makes would attach a member an item
// updates. Then no item changes what another item reads but the companies made from email domains, which are
// made in item order (the first item needing a domain's company makes it), so each item's rules (its emails'
// uniqueness, its identity, its company) are judged against what the database held before the batch and the
// valid items written together: a new import of distinct emails, or a re-import of the same members.
// Batches of another shape go one by one.

/** What the database holds that a batch of member writes reads. */
export interface KnownMembers {
  /** The members holding an email the batch names (as primary or in emails, lower-cased), several for legacy data. */
  holders: readonly Holder[]
  /** The rows of the members the items find (updatedIds), as read for their write. */
  rows: ReadonlyMap<string, MemberRow>
  /** The company of each domain the workspace has one of (the oldest), among the domains of the items' primary emails. */
  companies: ReadonlyMap<string, string>
  settings: IdentitySettings
}

/** What an item does: makes a member, changes the one it found (`previous`), finds it unchanged, or answers its error. */
export type MemberJudgement =
  | { error: ItemError }
  | { row: MemberRow, previous?: MemberRow, changed: boolean }

export interface MemberBatch {
  judgements: MemberJudgement[]
  /**
   * The companies the batch makes, in the order they are first needed, each with the source of the member that
   * needs it; the rows attached to one hold `company_id` = its domain until the store sets the made company's id.
   */
  made: Array<{ domain: string, source: string }>
  /** The rows (new or changed) attached to a company the batch makes, by its domain. */
  toMade: Map<string, MemberRow[]>
}

/** An item's emails, lower-cased, each once: its primary first. */
const emailsOf = (input: { primaryEmail?: string | null, emails?: readonly string[] | null }): string[] =>
  [...new Set([input.primaryEmail, ...(input.emails ?? [])].filter((email): email is string => typeof email === 'string').map((email) => email.toLowerCase()))]

/** Every email the items name, lower-cased, each once: the ones whose holders the judgement needs. */
export const batchEmails = (inputs: readonly object[]): string[] => [...new Set(inputs.flatMap((input) => emailsOf(input)))]

/** The domains whose companies the judgement may need: those of the items' primary emails that may make companies. */
export const batchDomains = (inputs: readonly object[]): string[] => [...new Set(inputs.flatMap((input) => {
  const email = (input as { primaryEmail?: unknown }).primaryEmail
  const domain = typeof email === 'string' ? emailDomain(email) : null
  return domain === null || isSharedDomain(domain) ? [] : [domain]
}))]

/** Whether no two items name one email (ignoring case) and none names its company: a first condition, before any read. */
export function mayBeIndependentMembers (inputs: readonly object[]): boolean {
  const seen = new Set<string>()
  for (const input of inputs) {
    if ((input as { companyId?: unknown }).companyId !== undefined) return false
    for (const email of emailsOf(input)) {
      if (seen.has(email)) return false
      seen.add(email)
    }
  }
  return true
}

const primaryOf = (input: object): string | undefined => {
  const email = (input as { primaryEmail?: unknown }).primaryEmail
  return typeof email === 'string' ? email.toLowerCase() : undefined
}

/** The members the items find by their primary emails (each one's oldest holder), whose rows the judgement needs. */
export function updatedIds (inputs: readonly object[], holders: readonly Holder[]): string[] {
  const oldest = oldestHolders(holders)
  return [...new Set(inputs.flatMap((input) => {
    const email = primaryOf(input)
    const holder = email === undefined ? undefined : oldest.get(email)
    return holder === undefined ? [] : [holder.id]
  }))]
}

/**
 * Each item's judgement, in order, as the item alone would meet it (put: the member of its primary email,
 * updated as a PATCH would, else a new one), and the companies the batch makes; undefined when the items are not
 * independent (they go one by one).
 */
export function judgeMembers (workspaceId: string, inputs: readonly object[], known: KnownMembers, now: number): MemberBatch | undefined {
  const holder = oldestHolders(known.holders)
  const foundIds = inputs.map((input) => {
    const email = primaryOf(input)
    return email === undefined ? undefined : holder.get(email)?.id
  })
  const updated = new Set<string>()
  for (const id of foundIds) {
    if (id === undefined) continue
    if (updated.has(id) || !known.rows.has(id)) return undefined
    updated.add(id)
  }
  const found = foundIds.map((id) => id === undefined ? undefined : known.rows.get(id))
  for (const [i, input] of inputs.entries()) {
    for (const email of emailsOf(input)) {
      const other = holder.get(email)
      if (other !== undefined && other.id !== found[i]?.id && updated.has(other.id)) return undefined
    }
  }

  const made: MemberBatch['made'] = []
  const toMade = new Map<string, MemberRow[]>()
  const companyOf = (domain: string, source: string): string | undefined => {
    const company = known.companies.get(domain)
    if (company !== undefined) return company
    if (!toMade.has(domain)) {
      made.push({ domain, source })
      toMade.set(domain, [])
    }
    return undefined
  }
  /** The company of the domain the write concerns (docs/identity.md), found or to be made. */
  const attach = (row: MemberRow, previous: MemberRow | undefined, input: object): void => {
    const domain = memberDomain(row, previous, input)
    if (domain === undefined || !settingsAllow(known.settings, domain)) return
    const company = companyOf(domain, row.source)
    if (company !== undefined) row.company_id = company
    else {
      row.company_id = domain
      toMade.get(domain)!.push(row)
    }
  }
  /** A unique key the row gains may not be another member's (the field holding it named), as checkUnique says. */
  const checkUnique = (row: MemberRow, previous: MemberRow | undefined, input: object): void => {
    for (const { key, field } of gainedKeys(members.match, row, previous, previous === undefined ? members.match.key(row) : undefined)) {
      const other = holder.get(key[0]!)
      if (other !== undefined && other.id !== row.id) throw keyConflict(members.match as never, input, other.id, field)
    }
  }
  const noCompany = (): boolean => { throw new Error('a bulk member item names no company') }

  const judgements = inputs.map((input, i): MemberJudgement => itemOutcome(() => {
    const previous = found[i]
    if (previous === undefined) {
      const row = newRow(members, workspaceId, input, {}, now)
      checkUnique(row, undefined, input)
      checkMember(identity(row), row.company_id, noCompany)
      attach(row, undefined, input)
      return { row, changed: true }
    }
    const row = patchedRow(members, previous, input, {}, now)
    if (row === undefined) return { row: previous, previous, changed: false }
    checkUnique(row, previous, input)
    checkMember(identity(row), null, noCompany)
    attach(row, previous, input)
    return { row, previous, changed: true }
  }))
  // A company made here attaches the members of its domain that have no company: one an item updates would be
  // attached before or after its item, as their order says; those go one by one.
  for (const row of found) {
    if (row !== undefined && row.company_id === null && row.email_domain !== null && toMade.has(row.email_domain)) return undefined
  }
  return { judgements, made, toMade }
}

/** The rows a judged batch writes: each new or changed member, with its former row when it had one. */
export const writtenOf = (batch: MemberBatch): Array<{ row: MemberRow, previous?: MemberRow }> =>
  batch.judgements.flatMap((j) => 'row' in j && j.changed ? [j] : [])

/** A judged batch's outcomes, as putMany answers them: each item's row and whether it made it, or its error. */
export const outcomesOf = (batch: MemberBatch): Array<{ row: MemberRow, created: boolean } | { error: ItemError }> =>
  batch.judgements.map((j) => 'error' in j ? j : { row: j.row, created: j.previous === undefined })
