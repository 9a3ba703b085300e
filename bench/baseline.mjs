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
import { DEFAULT_LEVEL_THRESHOLDS, levelOf, WINDOW_SECONDS } from '../dist/domain/engagement.js'
import { toActivity, toCompany, toMember } from '../dist/store/model/records.js'

/** A member with no activity: pulse 0, exact until "never" (year 10000), as the service stores it. */
const NEVER = 253_402_300_800
const DAY = 86_400

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
    if (!row) return send(res, 404, NOT_FOUND)
    // The engagement rule (docs/engagement.md): the stored pulse while it is exact, else the bounded sum.
    const now = Math.floor(Date.now() / 1000)
    const pulse = row.excluded ? 0 : row.pulse_until > now ? row.pulse : await db.pulse(workspaceId, row.id, windowOf(now))
    return send(res, 200, { member: toMember(row, pulse, levelOf(pulse, row.level_thresholds ?? DEFAULT_LEVEL_THRESHOLDS)) })
  }
  if (req.method === 'POST' && parts[2] === 'members') {
    const input = JSON.parse(body)
    const row = await db.createMember(workspaceId, input)
    return send(res, 201, { member: toMember(row, 0, 0) })
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

/** The 90-day window at `now` in the parts a pulse is summed over: full days from the counts, the boundary day's rest. */
function windowOf (now) {
  const start = now - WINDOW_SECONDS
  const boundaryDay = Math.floor(start / DAY)
  return { start, boundaryDay, boundaryEnd: (boundaryDay + 1) * DAY, today: Math.floor(now / DAY) }
}

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
    pulse: 0,
    pulse_until: NEVER,
    excluded: 0,
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
  const member = sqlite.prepare(`SELECT m.*, s.level_thresholds FROM members m
    LEFT JOIN engagement_settings s ON s.workspace_id = m.workspace_id WHERE m.workspace_id = ? AND m.id = ?`)
  const pulse = sqlite.prepare(`SELECT
    (SELECT coalesce(sum(d.activities * coalesce(o.points, t.points)), 0) FROM member_activity_days d
      JOIN activity_types t ON t.workspace_id = d.workspace_id AND t.id = d.activity_type_id
      LEFT JOIN activity_type_channel_points o ON o.workspace_id = d.workspace_id AND o.activity_type_id = d.activity_type_id
        AND o.channel_id = d.channel_id
      WHERE d.workspace_id = @ws AND d.member_id = @id AND d.day > @boundaryDay AND d.day <= @today) +
    (SELECT coalesce(sum(coalesce(o.points, t.points)), 0) FROM activities a
      JOIN activity_types t ON t.workspace_id = a.workspace_id AND t.id = a.activity_type_id
      LEFT JOIN activity_type_channel_points o ON o.workspace_id = a.workspace_id AND o.activity_type_id = a.activity_type_id
        AND o.channel_id = a.channel_id
      WHERE a.workspace_id = @ws AND a.member_id = @id AND a.created_at > @start AND a.created_at < @boundaryEnd)`).pluck()
  const insertMember = sqlite.prepare(`INSERT INTO members (workspace_id, id, first_name, last_name, primary_email,
    emails, phones, tags, source, pulse_until, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '[]', '[]', '[]', 'Api', ${NEVER}, ?, ?)`)
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
    member: (ws, id) => lists(member.get(ws, id), 'emails', 'phones', 'tags', 'level_thresholds'),
    pulse: (ws, id, window) => pulse.get({ ws, id, ...window }),
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
  const memberColumns = `m.workspace_id, m.id, first_name, last_name, primary_email, emails, phones, job_title, avatar_url,
    language, country, tags, source, company_id, pulse, pulse_until, excluded, s.level_thresholds,
    ${['first_activity', 'last_activity', 'created_at', 'updated_at'].map((c) => `extract(epoch FROM m.${c})::float8 AS ${c}`).join(', ')}`
  const activityColumns = `workspace_id, id, external_id, title, message, reply_to, react_to, invite_to, source,
    activity_type_id, channel_id, event_id, member_id, ${epoch('created_at', 'updated_at')}`
  return {
    company: async (ws, id) => (await sql.unsafe(`SELECT ${companyColumns} FROM companies WHERE workspace_id = $1 AND id = $2`, [ws, id], { prepare: true }))[0],
    member: async (ws, id) => (await sql.unsafe(`SELECT ${memberColumns} FROM members m
      LEFT JOIN engagement_settings s ON s.workspace_id = m.workspace_id WHERE m.workspace_id = $1 AND m.id = $2`, [ws, id], { prepare: true }))[0],
    pulse: async (ws, id, window) => (await sql.unsafe(`SELECT
      (SELECT coalesce(sum(d.activities * coalesce(o.points, t.points)), 0) FROM member_activity_days d
        JOIN activity_types t ON t.workspace_id = d.workspace_id AND t.id = d.activity_type_id
        LEFT JOIN activity_type_channel_points o ON o.workspace_id = d.workspace_id AND o.activity_type_id = d.activity_type_id
          AND o.channel_id = d.channel_id
        WHERE d.workspace_id = $1 AND d.member_id = $2 AND d.day > $3 AND d.day <= $4) +
      (SELECT coalesce(sum(coalesce(o.points, t.points)), 0) FROM activities a
        JOIN activity_types t ON t.workspace_id = a.workspace_id AND t.id = a.activity_type_id
        LEFT JOIN activity_type_channel_points o ON o.workspace_id = a.workspace_id AND o.activity_type_id = a.activity_type_id
          AND o.channel_id = a.channel_id
        WHERE a.workspace_id = $1 AND a.member_id = $2 AND a.created_at > to_timestamp($5) AND a.created_at < to_timestamp($6))
      ::float8 AS pulse`, [ws, id, window.boundaryDay, window.today, window.start, window.boundaryEnd], { prepare: true }))[0].pulse,
    async createMember (ws, input) {
      const row = newMemberRow(ws, input)
      await sql.begin(async (tx) => {
        await tx.unsafe(`INSERT INTO members (workspace_id, id, first_name, last_name, primary_email, emails, phones, tags,
          source, pulse_until, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, '{}', '{}', '{}', 'Api', ${NEVER}, to_timestamp($6), to_timestamp($6))`,
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
