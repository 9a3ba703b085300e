import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { api, buildTestApp, newWorkspace, testStores, wireTimeAgo, type Api } from '../support/helpers.js'

// Isolation: random sequences of operations from three workspaces, against a model of what each should see.
// After every sequence, each workspace's view equals its model: a get of every id anyone was ever issued
// (its own live records: 200 with the model's fields; anything else: 404), every list with its total, and
// the members' derived fields. A query that forgot its workspace, or a cascade that crossed one, fails here.

const WORKSPACES = 3
const RESOURCES = ['companies', 'members', 'channels', 'activities'] as const
type Resource = typeof RESOURCES[number]
const KEY = { companies: 'company', members: 'member', channels: 'channel', activities: 'activity' } as const

type Op =
  | { kind: 'create', ws: number, resource: Resource, pick: number, pick2: number, daysAgo: number }
  | { kind: 'patch', ws: number, resource: Resource, pick: number, pick2: number, target: number }
  | { kind: 'delete', ws: number, resource: Resource, pick: number, target: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('create' as const), ws: fc.nat(WORKSPACES - 1), resource: fc.constantFrom(...RESOURCES), pick: fc.nat(), pick2: fc.nat(), daysAgo: fc.integer({ min: 0, max: 400 }) }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('patch' as const), ws: fc.nat(WORKSPACES - 1), resource: fc.constantFrom(...RESOURCES), pick: fc.nat(), pick2: fc.nat(), target: fc.nat(WORKSPACES - 1) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), ws: fc.nat(WORKSPACES - 1), resource: fc.constantFrom(...RESOURCES), pick: fc.nat(), target: fc.nat(WORKSPACES - 1) }), weight: 2 }
)

interface Rec {
  id: string
  ws: number
  resource: Resource
  name?: string
  memberId?: string
  channelId?: string | null
  companyId?: string | null
  createdAt?: string
}

/** What every workspace should see. */
class Model {
  readonly live = new Map<string, Rec>()
  readonly issued: Array<{ id: string, resource: Resource }> = []
  of (ws: number, resource: Resource) { return [...this.live.values()].filter((r) => r.ws === ws && r.resource === resource) }
  pick (ws: number, resource: Resource, n: number) {
    const records = this.of(ws, resource)
    return records.length === 0 ? undefined : records[n % records.length]
  }

  remove (id: string) {
    const rec = this.live.get(id)!
    this.live.delete(id)
    for (const other of this.live.values()) {
      if (rec.resource === 'members' && other.memberId === id) this.live.delete(other.id)
      if (rec.resource === 'channels' && other.channelId === id) other.channelId = null
      if (rec.resource === 'companies' && other.companyId === id) other.companyId = null
    }
  }
}

async function apply (clients: Api[], model: Model, step: Op): Promise<void> {
  const client = clients[step.ws]!
  if (step.kind === 'create') {
    let body: Record<string, unknown>
    const name = `n${model.issued.length}`
    if (step.resource === 'activities') {
      const member = model.pick(step.ws, 'members', step.pick)
      if (member === undefined) return
      const channel = step.pick2 % 2 === 0 ? model.pick(step.ws, 'channels', step.pick2) : undefined
      body = { memberId: member.id, activityTypeKey: 'post', title: name, createdAt: wireTimeAgo(step.daysAgo * 86_400 + 10), ...(channel ? { channelId: channel.id } : {}) }
    } else if (step.resource === 'members') {
      const company = step.pick2 % 2 === 0 ? model.pick(step.ws, 'companies', step.pick2) : undefined
      body = { firstName: name }
      if (company !== undefined) {
        const res = await client.post('/v1/members', body)
        assert.equal(res.statusCode, 201)
        const member = res.json().member
        assert.equal((await client.patch(`/v1/members/${member.id}`, { companyId: company.id })).statusCode, 200)
        model.live.set(member.id, { id: member.id, ws: step.ws, resource: 'members', name, companyId: company.id })
        model.issued.push({ id: member.id, resource: 'members' })
        return
      }
    } else {
      body = { name }
    }
    const res = await client.post(`/v1/${step.resource}`, body)
    assert.equal(res.statusCode, 201, res.body)
    const record = res.json()[KEY[step.resource]]
    model.live.set(record.id, {
      id: record.id,
      ws: step.ws,
      resource: step.resource,
      name,
      ...(step.resource === 'activities' ? { memberId: body.memberId as string, channelId: (body.channelId as string) ?? null, createdAt: record.createdAt } : {}),
      ...(step.resource === 'members' ? { companyId: null } : {})
    })
    model.issued.push({ id: record.id, resource: step.resource })
    return
  }
  // Patches and deletes aim at a record of `target`'s workspace: from another workspace they must be 404s.
  const rec = model.pick(step.target, step.resource, step.pick)
  if (rec === undefined) return
  const own = step.target === step.ws
  if (step.kind === 'delete') {
    const res = await client.delete(`/v1/${step.resource}/${rec.id}`)
    assert.equal(res.statusCode, own ? 200 : 404)
    if (own) model.remove(rec.id)
    return
  }
  const name = `p${model.issued.length}-${step.pick2}`
  const field = step.resource === 'members' ? 'firstName' : step.resource === 'activities' ? 'title' : 'name'
  const res = await client.patch(`/v1/${step.resource}/${rec.id}`, { [field]: name })
  assert.equal(res.statusCode, own ? 200 : 404)
  if (own) rec.name = name
}

async function check (clients: Api[], model: Model): Promise<void> {
  for (let ws = 0; ws < WORKSPACES; ws++) {
    const client = clients[ws]!
    for (const { id, resource } of model.issued) {
      const rec = model.live.get(id)
      const res = await client.get(`/v1/${resource}/${id}`)
      if (rec === undefined || rec.ws !== ws) {
        assert.equal(res.statusCode, 404, `workspace ${ws} sees ${resource} ${id}`)
        continue
      }
      assert.equal(res.statusCode, 200)
      const got = res.json()[KEY[resource]]
      const field = resource === 'members' ? 'firstName' : resource === 'activities' ? 'title' : 'name'
      assert.equal(got[field], rec.name)
      if (resource === 'activities') assert.deepEqual([got.memberId, got.channelId], [rec.memberId, rec.channelId])
      if (resource === 'members') {
        assert.equal(got.companyId, rec.companyId)
        const times = model.of(ws, 'activities').filter((a) => a.memberId === id).map((a) => a.createdAt!).sort()
        assert.deepEqual([got.firstActivity, got.lastActivity], [times[0] ?? null, times.at(-1) ?? null])
      }
    }
    for (const resource of RESOURCES) {
      const res = await client.get(`/v1/${resource}?pageSize=100`)
      const body = res.json()
      const total = body[`total${resource[0]!.toUpperCase()}${resource.slice(1)}`]
      const expected = model.of(ws, resource).map((r) => r.id).sort()
      assert.equal(total, expected.length, `workspace ${ws} ${resource} total`)
      assert.deepEqual(body[resource].map((r: { id: string }) => r.id).sort(), expected, `workspace ${ws} ${resource} list`)
    }
  }
}

for (const store of testStores()) {
  describe(`workspace isolation (${store.name})`, () => {
    test('every workspace sees exactly its model after random operations from all of them', async (t) => {
      const app = await buildTestApp(t, store)
      await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (ops) => {
        const clients = Array.from({ length: WORKSPACES }, () => api(app, newWorkspace()))
        const model = new Model()
        for (const step of ops) await apply(clients, model, step)
        await check(clients, model)
      }), { numRuns: Number(process.env.FC_RUNS ?? 0) || (store.name === 'sqlite' ? 60 : 25), includeErrorInReport: true })
    })
  })
}
