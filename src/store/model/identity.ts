import { companyAttachDomain, emailDomain, isSharedDomain, memberCompanyDomain, type IdentitySettings } from '../../domain/company-domains.js'
import { companies } from './resources.js'
import { lockOf } from './matching.js'
import type { CompanyRow, MemberRow } from './records.js'

// Companies from email domains (docs/identity.md), as both stores apply them inside a member's or a company's write:
// which domain the write concerns (the rule is domain/identity.ts's); the stores read the workspace's settings
// only then, and do the I/O: find or make the company and set the member's company_id, or attach the members.

/** Whether a write names the member's company (null included): then the member keeps what it names. */
const namesCompany = (input: object): boolean => (input as { companyId?: unknown }).companyId !== undefined

/** The domain of the company a member row being written (over `previous`, none when new) is to be attached to, settings aside. */
export const memberDomain = (row: MemberRow, previous: MemberRow | undefined, input: object): string | undefined =>
  memberCompanyDomain({ primaryEmail: row.primary_email, companyId: row.company_id, previousEmail: previous?.primary_email, namesCompany: namesCompany(input) })

/** The domain whose members without a company a company row being written attaches, settings aside. */
export const companyDomain = (row: CompanyRow, previous: CompanyRow | undefined): string | undefined =>
  companyAttachDomain(row.domain, previous === undefined ? undefined : previous.domain)

/** The company a member write makes for a domain no company of the workspace has; its source is the member's. */
export const autoCompany = (domain: string) => ({ name: domain, domain })

/**
 * Whether a company is one a member's email domain made, as it was made: named after its domain, nothing else set,
 * never changed since. Erasing the last member it has erases it too (docs/security.md): a person's own domain
 * (`jane@janedoe.dev`) names it.
 */
export const madeFromDomain = (company: CompanyRow): boolean =>
  company.domain !== null && company.name === company.domain && company.created_at === company.updated_at &&
  company.industry === null && company.address === null && company.employees === null && company.founded_at === null &&
  company.logo_url === null && company.tags.length === 0

/** The settings of a workspace as stored (none: the defaults), from either store's row. */
export const settingsOf = (row: { auto_companies: unknown, free_mail_domains: readonly string[] } | undefined): IdentitySettings | undefined =>
  row === undefined ? undefined : { autoCompanies: Boolean(row.auto_companies), freeMailDomains: [...row.free_mail_domains] }

/**
 * The advisory lock of the domain whose company a member write may make (PostgreSQL): the one a company write of
 * that domain takes, so that writers making one domain's company run one after the other and make one.
 */
export function memberDomainLocks (workspaceId: string, input: object): bigint[] {
  const email = (input as { primaryEmail?: unknown }).primaryEmail
  if (typeof email !== 'string' || namesCompany(input)) return []
  const domain = emailDomain(email)
  return domain === null || isSharedDomain(domain) ? [] : [lockOf(companies.table, workspaceId, [domain])]
}
