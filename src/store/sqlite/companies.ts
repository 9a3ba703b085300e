import type { Company, CompanyListQuery } from '../../schemas/companies.js'
import { normalizeDomain } from '../../domain/normalize.js'
import { nowSeconds, toWireTime } from '../../domain/time.js'
import type { CompanyStore } from '../types.js'
import { list, parseList, time, wireTime } from './columns.js'
import type { Counters, Db } from './database.js'
import { Filters, prefixRange, recordTable, type BaseRow } from './record-table.js'
import { sideTable } from './side-table.js'

interface CompanyRow extends BaseRow {
  name: string
  name_key: string
  industry: string | null
  address: string | null
  domain: string | null
  employees: number | null
  founded_at: number | null
  logo_url: string | null
  tags: string
  source: string
}

function toCompany (row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    industry: row.industry,
    address: row.address,
    domain: row.domain,
    employees: row.employees,
    foundedAt: wireTime(row.founded_at),
    logoUrl: row.logo_url,
    tags: parseList(row.tags),
    source: row.source,
    workspaceId: row.workspace_id,
    createdAt: toWireTime(row.created_at),
    updatedAt: toWireTime(row.updated_at)
  }
}

const domain = (value: unknown) => value == null ? null : normalizeDomain(value as string) || null

export function sqliteCompanies (db: Db, counters: Counters): CompanyStore {
  const tags = sideTable(db, 'company_tags', 'tag', 'company_id')
  const table = recordTable(db, counters, {
    table: 'companies',
    counter: 'companies',
    columns: ['workspace_id', 'id', 'name', 'name_key', 'industry', 'address', 'domain', 'employees', 'founded_at',
      'logo_url', 'tags', 'source', 'created_at', 'updated_at'],
    fields: {
      name: ['name'],
      industry: ['industry'],
      address: ['address'],
      domain: ['domain', domain],
      employees: ['employees'],
      foundedAt: ['founded_at', time],
      logoUrl: ['logo_url'],
      tags: ['tags', list]
    },
    initial: {},
    derive: (row) => ({ name_key: row.name.toLowerCase() }),
    afterWrite: (row, previous) => {
      if (row.tags !== previous?.tags) tags.replace(row.workspace_id, row.id, parseList(row.tags))
    },
    toRecord: toCompany
  })

  const detachMembers = db.prepare(`UPDATE members SET company_id = NULL, updated_at = ?
    WHERE workspace_id = ? AND company_id = ?`)
  const remove = db.transaction((workspaceId: string, id: string): boolean => {
    const row = table.find(workspaceId, id)
    if (row === undefined) return false
    detachMembers.run(nowSeconds(), workspaceId, id)
    tags.replace(workspaceId, id, [])
    table.deleteRow(row)
    return true
  })

  return {
    get: table.get,
    create: table.create,
    update: table.update,
    async remove (workspaceId, id) {
      return remove.immediate(workspaceId, id)
    },
    async list (workspaceId, query: CompanyListQuery) {
      const filters = new Filters()
      if (query.q !== undefined) filters.add(...prefixRange('name_key', 'q', query.q.toLowerCase()), ['name'])
      if (query.domain !== undefined) filters.add('domain = @domain', { domain: domain(query.domain) }, ['createdAt'])
      if (query.tag !== undefined) filters.add(tags.having('tag'), { tag: query.tag })
      return table.list(workspaceId, {
        ...filters,
        orderBy: filters.orderBy(query.sort ?? '-createdAt', { createdAt: 'created_at', name: 'name_key' }),
        page: query.page,
        pageSize: query.pageSize
      })
    }
  }
}
