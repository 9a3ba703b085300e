import { defaultIdentitySettings, settingsAllow, type IdentitySettings } from '../../domain/company-domains.js'
import { companyKeyPrefix } from '../../domain/identity.js'
import type { Clock } from '../../domain/time.js'
import { autoCompany, companyDomain, madeFromDomain, memberDomain, settingsOf } from '../model/identity.js'
import type { MemberBatch } from '../model/member-bulk.js'
import type { CompanyRow, MemberRow } from '../model/records.js'
import type { IdentityStore } from '../types.js'
import { writer, type Db } from './database.js'
import type { recordTable } from './record-table.js'

/** What a member's write needs of the companies' table: find a company by its domain, make one. */
export type CompanyRows = Pick<ReturnType<typeof recordTable<CompanyRow, unknown>>, 'matching' | 'insertRows' | 'find' | 'deleteRow'>

// Companies from email domains (model/identity.ts says which domain a write concerns): the settings, and the
// writes run inside a member's or a company's transaction.
export function sqliteIdentity (db: Db, clock: Clock) {
  const select = db.prepare('SELECT auto_companies, free_mail_domains FROM identity_settings WHERE workspace_id = ?')
  const upsert = db.prepare(`INSERT INTO identity_settings (workspace_id, auto_companies, free_mail_domains) VALUES (?, ?, ?)
    ON CONFLICT DO UPDATE SET auto_companies = excluded.auto_companies, free_mail_domains = excluded.free_mail_domains`)
  // By members_by_email_domain: only the members of the domain that have no company.
  const attach = db.prepare(`UPDATE members SET company_id = @company_id, updated_at = @now
    WHERE workspace_id = @workspace_id AND email_domain = @domain AND company_id IS NULL RETURNING id`).pluck()
  // The attached members' nameAndCompany keys (domain/identity.ts identityKeys: the company's prefix, then the name key).
  const addCompanyKeys = db.prepare(`INSERT OR IGNORE INTO member_keys (workspace_id, kind, key, created_at, member_id)
    SELECT workspace_id, 'nameAndCompany', @prefix || key, created_at, member_id FROM member_keys
    WHERE workspace_id = @workspace_id AND kind = 'name' AND member_id IN (SELECT value FROM json_each(@ids))`)

  const otherMember = db.prepare('SELECT 1 FROM members WHERE workspace_id = ? AND company_id = ? AND id <> ? LIMIT 1').pluck()
  const detach = db.prepare('UPDATE members SET company_id = NULL WHERE workspace_id = ? AND id = ?')

  function settings (workspaceId: string): IdentitySettings {
    const row = select.get(workspaceId) as { auto_companies: number, free_mail_domains: string } | undefined
    return settingsOf(row && { ...row, free_mail_domains: JSON.parse(row.free_mail_domains) }) ?? defaultIdentitySettings()
  }
  const allowed = (workspaceId: string, domain: string | undefined): domain is string =>
    domain !== undefined && settingsAllow(settings(workspaceId), domain)

  const write = writer(db)
  const identity: IdentityStore = {
    async settings (workspaceId) {
      return settings(workspaceId)
    },
    async setSettings (workspaceId, next) {
      await write(() => upsert.run(workspaceId, next.autoCompanies ? 1 : 0, JSON.stringify(next.freeMailDomains)))
      return next
    }
  }

  return {
    identity,
    /** A member row about to be written gets the company of its email's domain, found or made (`complete` hook). */
    attachMember: (companies: CompanyRows) => (row: MemberRow, previous: MemberRow | undefined, input: object): void => {
      const domain = memberDomain(row, previous, input)
      if (!allowed(row.workspace_id, domain)) return
      const company = companies.matching(row.workspace_id, [domain]) ??
        companies.insertRows(row.workspace_id, [autoCompany(domain)], [{ source: row.source }], true)[0]!
      row.company_id = company.id
    },
    /**
     * What a bulk write of members judged together needs of the companies (model/member-bulk.ts): the settings,
     * the company of each domain, and the companies it makes, in order (each attaching its domain's members).
     */
    memberBatch: (companies: CompanyRows) => ({
      settings,
      companiesOf: (workspaceId: string, domains: readonly string[]): Map<string, string> => new Map(domains.flatMap((domain) => {
        const company = companies.matching(workspaceId, [domain])
        return company === undefined ? [] : [[domain, company.id] as const]
      })),
      make: (workspaceId: string, batch: MemberBatch): void => {
        for (const { domain, source } of batch.made) {
          const company = companies.insertRows(workspaceId, [autoCompany(domain)], [{ source }], true)[0]!
          for (const row of batch.toMade.get(domain)!) row.company_id = company.id
        }
      }
    }),
    /** Erasing a member erases the company its email's domain made, unless another member belongs to it (members' beforeDelete). */
    eraseCompanyOf: (companies: CompanyRows) => (member: MemberRow): void => {
      const company = member.company_id === null ? undefined : companies.find(member.workspace_id, member.company_id)
      if (company === undefined || !madeFromDomain(company) || otherMember.get(member.workspace_id, company.id, member.id) !== undefined) return
      detach.run(member.workspace_id, member.id)
      companies.deleteRow(company)
    },
    /** A company row written with a new domain attaches the members of that domain that have no company (`written` hook). */
    attachMembers: (row: CompanyRow, previous: CompanyRow | undefined): void => {
      const domain = companyDomain(row, previous)
      if (!allowed(row.workspace_id, domain)) return
      const ids = attach.all({ company_id: row.id, now: clock(), workspace_id: row.workspace_id, domain }) as string[]
      if (ids.length > 0) addCompanyKeys.run({ workspace_id: row.workspace_id, prefix: companyKeyPrefix(row.id), ids: JSON.stringify(ids) })
    }
  }
}
