import { nowSeconds } from '../../domain/time.js'
import type { CompanyStore } from '../types.js'
import { statement, type Counters, type Pool } from './database.js'
import { Filters, recordTable } from './record-table.js'
import { toCompany } from '../model/records.js'
import { sideTable } from './side-table.js'
import { postgresTables } from './columns.js'
import { countedOrder } from '../counted-index.js'

export function postgresCompanies (pool: Pool, counters: Counters, blockSize: number): CompanyStore {
  const tags = sideTable('company_tags', 'tag', 'company_id', 'uuid')
  // Members that named the company are detached; the company's row lock comes first, so no member can be
  // attached to it meanwhile (the foreign key check waits for the lock, then fails as companyId).
  const detachMembers = statement(`UPDATE members SET company_id = NULL, updated_at = to_timestamp($3)
    WHERE workspace_id = $1 AND company_id = $2`)

  const table = recordTable(pool, counters, blockSize, {
    ...postgresTables.companies,
    times: ['founded_at'],
    afterInsert: async (db, rows) => await tags.insert(db, rows[0]!.workspace_id, rows.map((row) => ({ id: row.id, values: row.tags }))),
    afterUpdate: async (db, row, previous) => await tags.replace(db, row.workspace_id, row.id, row.tags, previous.tags),
    beforeDelete: async (db, row) => {
      await detachMembers(db, row.workspace_id, row.id, nowSeconds())
      await tags.replace(db, row.workspace_id, row.id, [], row.tags)
    },
    toRecord: toCompany
  })

  return {
    ...table.operations,
    async list (workspaceId, query) {
      const filters = new Filters()
      if (query.q !== undefined) filters.add(filters.prefix('name_key', query.q, { bounded: true }), ['name'])
      if (query.domain !== undefined) filters.add(filters.boundedEquals('domain', query.domain), ['createdAt'])
      if (query.tag !== undefined) filters.add(tags.having(filters.id(query.tag)))
      return await table.list(workspaceId, {
        ...filters,
        none: filters.none,
        orderBy: filters.orderBy(query.sort ?? '-createdAt', { createdAt: { column: 'companies.created_at' }, name: { column: 'companies.name_key', bounded: true } }),
        counted: countedOrder(query.sort ?? '-createdAt'),
        page: query.page,
        pageSize: query.pageSize
      })
    }
  }
}
