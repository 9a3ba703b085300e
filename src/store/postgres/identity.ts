import { defaultIdentitySettings, settingsAllow, type IdentitySettings } from '../../domain/company-domains.js'
import { companyKeyPrefix } from '../../domain/identity.js'
import type { Clock } from '../../domain/time.js'
import { isId } from '../../domain/uuid.js'
import { autoCompany, companyDomain, madeFromDomain, memberDomain, settingsOf } from '../model/identity.js'
import type { MemberBatch } from '../model/member-bulk.js'
import type { CompanyRow, MemberRow } from '../model/records.js'
import type { IdentityStore } from '../types.js'
import { allSettled, statement, type Db, type Pool } from './database.js'
import { lockKeys, type recordTable } from './record-table.js'

/** What a member's write needs of the companies' table: find a company by its domain (under the domain's lock), make one. */
export type CompanyRows = Pick<ReturnType<typeof recordTable<CompanyRow, unknown>>, 'matching' | 'insertRow' | 'insertRows' | 'lockOfKey' | 'find' | 'deleteRow'>

// Companies from email domains (model/identity.ts says which domain a write concerns): the settings, and the
// writes run inside a member's or a company's transaction. Writers of one domain's company take its advisory lock
// (a company write when checking the domain is its own, a member write here), so one company is made.
export function postgresIdentity (pool: Pool, clock: Clock) {
  const select = statement<{ auto_companies: boolean, free_mail_domains: string[] }>(
    'SELECT auto_companies, free_mail_domains FROM identity_settings WHERE workspace_id = $1')
  const upsert = statement(`INSERT INTO identity_settings (workspace_id, auto_companies, free_mail_domains) VALUES ($1, $2::int4 = 1, $3::text[])
    ON CONFLICT (workspace_id) DO UPDATE SET auto_companies = excluded.auto_companies, free_mail_domains = excluded.free_mail_domains`)
  // By members_by_email_domain: only the members of the domain that have no company.
  // With the attached members' nameAndCompany keys (domain/identity.ts identityKeys: the company's prefix, then the name key).
  const attach = statement(`WITH attached AS (UPDATE members SET company_id = $2, updated_at = to_timestamp($4)
      WHERE workspace_id = $1 AND email_domain = $3 AND company_id IS NULL RETURNING id)
    INSERT INTO member_keys (workspace_id, kind, key, created_at, member_id)
    SELECT workspace_id, 'nameAndCompany', $5 || key, created_at, member_id FROM member_keys
    WHERE workspace_id = $1 AND kind = 'name' AND member_id IN (SELECT id FROM attached)
    ON CONFLICT DO NOTHING`)

  // The oldest company of each of many domains (as `matching` finds one), with one scan of companies_by_domain
  // over the domains' array; the exact domains are kept by the caller. Not one look-up per domain: the plan a
  // connection caches for those while a new workspace's companies have no statistics yet (an import's first
  // minute) walks all of the workspace's companies for each domain.
  const companiesOfDomains = statement<{ domain: string, id: string }>(`SELECT DISTINCT ON (domain) domain, id FROM companies
    WHERE workspace_id = $1 AND left(domain, 200) = ANY (ARRAY(SELECT left(d, 200) FROM unnest($2::text[]) AS d)) ORDER BY domain, created_at, id`)
  const otherMember = statement('SELECT 1 FROM members WHERE workspace_id = $1 AND company_id = $2 AND id <> $3 LIMIT 1')
  const detach = statement('UPDATE members SET company_id = NULL WHERE workspace_id = $1 AND id = $2')

  async function settings (db: Db, workspaceId: string): Promise<IdentitySettings> {
    if (!isId(workspaceId)) return defaultIdentitySettings()
    const [row] = await select(db, workspaceId)
    return settingsOf(row) ?? defaultIdentitySettings()
  }
  const allowed = async (db: Db, workspaceId: string, domain: string | undefined): Promise<string | undefined> =>
    domain !== undefined && settingsAllow(await settings(db, workspaceId), domain) ? domain : undefined

  const identity: IdentityStore = {
    async settings (workspaceId) {
      return await settings(pool, workspaceId)
    },
    async setSettings (workspaceId, next) {
      await upsert(pool, workspaceId, next.autoCompanies ? 1 : 0, next.freeMailDomains)
      return next
    }
  }

  return {
    identity,
    /** Member rows about to be written get the company of their email's domain, found or made (`complete` hook). */
    attachMembersOf: (companies: CompanyRows) => async (db: Db, rows: MemberRow[], previous: MemberRow | undefined, inputs: readonly object[]) => {
      for (const [i, row] of rows.entries()) {
        const domain = await allowed(db, row.workspace_id, memberDomain(row, previous, inputs[i]!))
        if (domain === undefined) continue
        await lockKeys(db, [companies.lockOfKey(row.workspace_id, [domain])])
        const company = await companies.matching(db, row.workspace_id, [domain]) ??
          await companies.insertRow(db, row.workspace_id, autoCompany(domain), { source: row.source }, true)
        row.company_id = company.id
      }
    },
    /**
     * What a bulk write of members judged together needs of the companies (model/member-bulk.ts), every domain's
     * lock taken with the write's others: the settings, the company of each domain, and the companies it makes, in
     * order, with one statement (each attaching its domain's members).
     */
    memberBatch: (companies: CompanyRows) => ({
      settings,
      companiesOf: async (db: Db, workspaceId: string, domains: readonly string[]): Promise<Map<string, string>> => {
        if (domains.length === 0 || !isId(workspaceId)) return new Map()
        const wanted = new Set(domains)
        const found = await companiesOfDomains(db, workspaceId, domains)
        return new Map(found.flatMap(({ domain, id }) => wanted.has(domain) ? [[domain, id] as const] : []))
      },
      make: async (db: Db, workspaceId: string, batch: MemberBatch): Promise<void> => {
        if (batch.made.length === 0) return
        const made = await companies.insertRows(db, workspaceId, batch.made.map(({ domain }) => autoCompany(domain)),
          batch.made.map(({ source }) => ({ source })), true)
        batch.made.forEach(({ domain }, i) => { for (const row of batch.toMade.get(domain)!) row.company_id = made[i]!.id })
      }
    }),
    /**
     * Erasing a member erases the company its email's domain made, unless another member belongs to it (members'
     * beforeDelete). The domain's lock first, as a member write that would join the company takes it.
     */
    eraseCompanyOf: (companies: CompanyRows) => async (db: Db, member: MemberRow): Promise<void> => {
      if (member.company_id === null) return
      const found = await companies.find(db, member.workspace_id, member.company_id)
      if (found === undefined || !madeFromDomain(found)) return
      await lockKeys(db, [companies.lockOfKey(member.workspace_id, [found.domain!])])
      const company = await companies.find(db, member.workspace_id, member.company_id, true)
      if (company === undefined || !madeFromDomain(company) || (await otherMember(db, member.workspace_id, company.id, member.id)).length > 0) return
      await detach(db, member.workspace_id, member.id)
      await companies.deleteRow(db, company)
    },
    /** Company rows written with a new domain attach the members of that domain that have no company (`written` hook). */
    attachMembers: async (db: Db, rows: readonly CompanyRow[], previous: CompanyRow | undefined) => {
      const domains = rows.map((row) => companyDomain(row, previous))
      if (rows.length === 0 || domains.every((domain) => domain === undefined)) return
      // The rows are of one workspace (one write's): its settings read once, the attachments sent together.
      const current = await settings(db, rows[0]!.workspace_id)
      await allSettled(rows.map(async (row, i) => {
        const domain = domains[i]
        if (domain !== undefined && settingsAllow(current, domain)) await attach(db, row.workspace_id, row.id, domain, clock(), companyKeyPrefix(row.id))
      }))
    }
  }
}
