import type { Company } from '../../schemas/companies.js'
import { toWireTime } from '../../domain/time.js'
import type { CompanyStore } from '../types.js'
import { list, time, wireTime } from './columns.js'
import type { Counters, Pool } from './database.js'
import { recordTable, type BaseRow } from './record-table.js'

interface CompanyRow extends BaseRow {
  name: string
  industry: string | null
  address: string | null
  domain: string | null
  employees: number | null
  founded_at: number | null
  logo_url: string | null
  tags: string[]
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
    tags: row.tags,
    source: row.source,
    workspaceId: row.workspace_id,
    createdAt: toWireTime(row.created_at),
    updatedAt: toWireTime(row.updated_at)
  }
}

export function postgresCompanies (pool: Pool, counters: Counters): CompanyStore {
  const table = recordTable(pool, counters, {
    table: 'companies',
    counter: 'companies',
    columns: ['workspace_id', 'id', 'name', 'industry', 'address', 'domain', 'employees', 'founded_at', 'logo_url',
      'tags', 'source', 'created_at', 'updated_at'],
    times: ['founded_at'],
    fields: {
      name: ['name'],
      industry: ['industry'],
      address: ['address'],
      domain: ['domain'],
      employees: ['employees'],
      foundedAt: ['founded_at', time],
      logoUrl: ['logo_url'],
      tags: ['tags', list]
    },
    initial: {},
    toRecord: toCompany
  })
  return { get: table.get, create: table.create, update: table.update }
}
