// The benchmark's floor: the least a server can do to answer four of the service's operations with the same
// bodies, on the same database. Raw node:http, HS256 checked with node:crypto, prepared statements,
// JSON.stringify; no framework, no validation beyond the token, no logging. The service is measured as a ratio
// to this, in the same run on the same machine.
//
//   GET /v1/companies/:id   GET /v1/members/:id   POST /v1/members   GET /v1/activities?page=1&pageSize=100
//
// Env: DATABASE_URL (file:<path> or postgres://...), JWT_SECRET, PORT. Prints "listening <port>" when ready.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import { toActivity, toCompany, toMember } from '../dist/store/model/records.js'

const secret = process.env.JWT_SECRET
const url = process.env.DATABASE_URL ?? ''
const db = url.startsWith('postgres') ? await postgresQueries(url) : await sqliteQueries(url.slice('file:'.length))

/** The workspace of a valid HS256 bearer token, else undefined. */
function workspaceOf (authorization) {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : ''
  const [header, payload, signature] = token.split('.')
  if (signature === undefined) return undefined
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  try {
    if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'HS256') return undefined
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    if (typeof claims.exp === 'number' && claims.exp < Date.now() / 1000) return undefined
    return claims.workspaceId
  } catch {
    return undefined
  }
}

function send (res, status, body) {
  const json = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) })
  res.end(json)
}

const NOT_FOUND = { code: 'NOT_FOUND', error: 'Resource not found' }

async function handle (req, res, body) {
  const workspaceId = workspaceOf(req.headers.authorization)
  if (workspaceId === undefined) return send(res, 401, { code: 'UNAUTHORIZED', error: 'Authentication failed' })
  const [path, query = ''] = req.url.split('?')
  const parts = path.split('/')
  if (req.method === 'GET' && parts[2] === 'companies') {
    const row = await db.company(workspaceId, parts[3])
    return row ? send(res, 200, { company: toCompany(row) }) : send(res, 404, NOT_FOUND)
  }
  if (req.method === 'GET' && parts[2] === 'members') {
    const row = await db.member(workspaceId, parts[3])
    return row ? send(res, 200, { member: toMember(row) }) : send(res, 404, NOT_FOUND)
  }
  if (req.method === 'POST' && parts[2] === 'members') {
    const input = JSON.parse(body)
    const row = await db.createMember(workspaceId, input)
    return send(res, 201, { member: toMember(row) })
  }
  if (req.method === 'GET' && path === '/v1/activities') {
    const params = new URLSearchParams(query)
    const page = Number(params.get('page') ?? 1)
    const pageSize = Number(params.get('pageSize') ?? 10)
    const { total, rows } = await db.activities(workspaceId, pageSize, (page - 1) * pageSize)
    return send(res, 200, { page, pageSize, totalActivities: total, activities: rows.map(toActivity) })
  }
  send(res, 404, NOT_FOUND)
}

const server = createServer((req, res) => {
  const chunks = []
  req.on('data', (chunk) => chunks.push(chunk))
  req.on('end', () => {
    handle(req, res, Buffer.concat(chunks).toString()).catch(() => send(res, 500, { code: 'INTERNAL', error: 'Internal error' }))
  })
})
server.keepAliveTimeout = 72_000
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`listening ${server.address().port}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))

function newMemberRow (workspaceId, input) {
  const now = Math.floor(Date.now() / 1000)
  return {
    workspace_id: workspaceId,
    id: randomUUID(),
    first_name: input.firstName ?? null,
    last_name: input.lastName ?? null,
    primary_email: input.primaryEmail ?? null,
    emails: [],
    phones: [],
    job_title: null,
    avatar_url: null,
    language: null,
    country: null,
    tags: [],
    source: 'Api',
    company_id: null,
    engagement: 0,
    first_activity: null,
    last_activity: null,
    created_at: now,
    updated_at: now
  }
}

async function sqliteQueries (path) {
  // The service's own choice of driver for this Node.js (src/store/sqlite/driver.ts); the bench builds dist/ first.
  const { Database } = await import('../dist/store/sqlite/driver.js')
  const sqlite = new Database(path)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('busy_timeout = 5000')
  const lists = (row, ...keys) => {
    if (row) for (const key of keys) row[key] = JSON.parse(row[key])
    return row
  }
  const company = sqlite.prepare('SELECT * FROM companies WHERE workspace_id = ? AND id = ?')
  const member = sqlite.prepare('SELECT * FROM members WHERE workspace_id = ? AND id = ?')
  const insertMember = sqlite.prepare(`INSERT INTO members (workspace_id, id, first_name, last_name, primary_email,
    emails, phones, tags, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '[]', '[]', '[]', 'Api', ?, ?)`)
  const count = sqlite.prepare(`INSERT INTO workspaces (workspace_id, members) VALUES (?, 1)
    ON CONFLICT (workspace_id) DO UPDATE SET members = members + 1`)
  const total = sqlite.prepare('SELECT activities FROM workspaces WHERE workspace_id = ?').pluck()
  const page = sqlite.prepare(`SELECT * FROM activities WHERE workspace_id = ?
    ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
  const create = sqlite.transaction((row) => {
    insertMember.run(row.workspace_id, row.id, row.first_name, row.last_name, row.primary_email, row.created_at, row.updated_at)
    count.run(row.workspace_id)
  })
  return {
    company: (ws, id) => lists(company.get(ws, id), 'tags'),
    member: (ws, id) => lists(member.get(ws, id), 'emails', 'phones', 'tags'),
    createMember (ws, input) {
      const row = newMemberRow(ws, input)
      create.immediate(row)
      return row
    },
    activities: (ws, limit, offset) => ({ total: total.get(ws) ?? 0, rows: page.all(ws, limit, offset) })
  }
}

async function postgresQueries (databaseUrl) {
  const { default: postgres } = await import('postgres')
  const sql = postgres(databaseUrl, { max: 10, onnotice: () => {} })
  const epoch = (...columns) => columns.map((c) => `extract(epoch FROM ${c})::float8 AS ${c}`).join(', ')
  const companyColumns = `workspace_id, id, name, industry, address, domain, employees, logo_url, tags, source, ${epoch('founded_at', 'created_at', 'updated_at')}`
  const memberColumns = `workspace_id, id, first_name, last_name, primary_email, emails, phones, job_title, avatar_url,
    language, country, tags, source, company_id, engagement, ${epoch('first_activity', 'last_activity', 'created_at', 'updated_at')}`
  const activityColumns = `workspace_id, id, external_id, title, message, reply_to, react_to, invite_to, source,
    activity_type_id, channel_id, event_id, member_id, ${epoch('created_at', 'updated_at')}`
  return {
    company: async (ws, id) => (await sql.unsafe(`SELECT ${companyColumns} FROM companies WHERE workspace_id = $1 AND id = $2`, [ws, id], { prepare: true }))[0],
    member: async (ws, id) => (await sql.unsafe(`SELECT ${memberColumns} FROM members WHERE workspace_id = $1 AND id = $2`, [ws, id], { prepare: true }))[0],
    async createMember (ws, input) {
      const row = newMemberRow(ws, input)
      await sql.begin(async (tx) => {
        await tx.unsafe(`INSERT INTO members (workspace_id, id, first_name, last_name, primary_email, emails, phones, tags,
          source, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, '{}', '{}', '{}', 'Api', to_timestamp($6), to_timestamp($6))`,
        [ws, row.id, row.first_name, row.last_name, row.primary_email, row.created_at], { prepare: true })
        await tx.unsafe(`INSERT INTO workspace_counters (workspace_id, kind, slot, n) VALUES ($1, 'members', $2, 1)
          ON CONFLICT (workspace_id, kind, slot) DO UPDATE SET n = workspace_counters.n + 1`, [ws, Math.floor(Math.random() * 16)], { prepare: true })
      })
      return row
    },
    async activities (ws, limit, offset) {
      const [{ total }] = await sql.unsafe(`SELECT coalesce(sum(n), 0)::float8 AS total FROM workspace_counters
        WHERE workspace_id = $1 AND kind = 'activities'`, [ws], { prepare: true })
      // Qualified: a bare created_at in ORDER BY would name the epoch alias above, and sorting by an expression
      // cannot use the index (a sort of the whole workspace for every page).
      const rows = await sql.unsafe(`SELECT ${activityColumns} FROM activities WHERE workspace_id = $1
        ORDER BY activities.created_at DESC, activities.id DESC LIMIT $2 OFFSET $3`, [ws, limit, offset], { prepare: true })
      return { total, rows }
    }
  }
}
