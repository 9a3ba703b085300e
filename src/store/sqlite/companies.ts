import { nowSeconds } from '../../domain/time.js'
import type { CompanyStore } from '../types.js'
import { parseList, parseLists, type JsonLists } from './columns.js'
import type { Counters, Db } from './database.js'
import { Filters, prefixRange, recordTable } from './record-table.js'
import { toCompany, type CompanyRow } from '../model/records.js'
import { sideTable } from './side-table.js'
import { sqliteTables } from './columns.js'
import { countedOrder } from '../counted-index.js'

// Lists are JSON text in SQLite.
type StoredCompanyRow = JsonLists<CompanyRow, 'tags'>

const toCompanyRecord = (row: StoredCompanyRow) => toCompany(parseLists<CompanyRow, 'tags'>(row, ['tags']))

export function sqliteCompanies (db: Db, counters: Counters, blockSize: number): CompanyStore {
  const tags = sideTable(db, 'company_tags', 'tag', 'company_id')
  const detachMembers = db.prepare(`UPDATE members SET company_id = NULL, updated_at = ?
    WHERE workspace_id = ? AND company_id = ?`)
  const table = recordTable(db, counters, blockSize, {
    ...sqliteTables.companies,
    afterWrite: (row, previous) => {
      if (row.tags !== previous?.tags) tags.replace(row.workspace_id, row.id, parseList(row.tags))
    },
    // Its members stay, detached.
    beforeDelete: (row) => {
      detachMembers.run(nowSeconds(), row.workspace_id, row.id)
      tags.replace(row.workspace_id, row.id, [])
    },
    toRecord: toCompanyRecord
  })

  return {
    ...table.operations,
    async list (workspaceId, query) {
      const filters = new Filters()
      if (query.q !== undefined) filters.add(...prefixRange('name_key', 'q', query.q), ['name'])
      if (query.domain !== undefined) filters.add('domain = @domain', { domain: query.domain }, ['createdAt'])
      if (query.tag !== undefined) filters.add(tags.having('tag'), { tag: query.tag })
      return table.list(workspaceId, {
        ...filters,
        orderBy: filters.orderBy(query.sort ?? '-createdAt', { createdAt: 'created_at', name: 'name_key' }),
        counted: countedOrder(query.sort ?? '-createdAt'),
        page: query.page,
        pageSize: query.pageSize
      })
    }
  }
}
