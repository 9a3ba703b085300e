import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { buildTestApp, testStores } from '../support/helpers.js'
import {
  DAY, assertBadRequest, byId, client, createActivity, createCompany, createMember, currentPage, getMember, idsIn,
  idsOf, listOf, newestFirst, nextSecond, pageBody, qs, sortBy, wireTimeAgo, type Client, type Member
} from '../support/list-support.js'

const TAG_A = '1b4e28ba-2fa1-41d2-883f-0016d3cca427'
const TAG_B = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b'

/** Activities of a member at the given instants (wire times), or now for `null`. */
async function activitiesAt (api: Client, memberId: string, times: Array<string | null>): Promise<void> {
  for (const createdAt of times) {
    await createActivity(api, createdAt === null ? { memberId, activityTypeKey: 'post' } : { memberId, activityTypeKey: 'post', createdAt })
  }
}

/** Member ids a list URL answers, checking the whole body against the current records. */
async function assertMembers (api: Client, url: string, ids: string[]) {
  const body = await listOf(api, url)
  assert.deepEqual(body, await currentPage(api, 'members', 1, 10, ids.length, ids), url)
}

const BAD_QUERIES: Array<[string, string, string]> = [
  ['page=0', 'page', 'must be >= 1'],
  ['page=-1', 'page', 'must be >= 1'],
  ['page=1.5', 'page', 'must be an integer written in decimal digits'],
  ['page=abc', 'page', 'must be an integer written in decimal digits'],
  ['page=', 'page', 'must be an integer written in decimal digits'],
  ['pageSize=9', 'pageSize', 'must be >= 10'],
  ['pageSize=101', 'pageSize', 'must be <= 100'],
  ['pageSize=10.5', 'pageSize', 'must be an integer written in decimal digits'],
  ['pageSize=ten', 'pageSize', 'must be an integer written in decimal digits'],
  ['pageSize=10&pageSize=20', 'pageSize', 'must be an integer written in decimal digits'],
  ['q=', 'q', 'must NOT have fewer than 1 characters'],
  [`q=${'a'.repeat(101)}`, 'q', 'must NOT have more than 100 characters'],
  ['q=ada&q=grace', 'q', 'must be string'],
  ['email=ada', 'email', 'must match format "email"'],
  ['email=', 'email', 'must match format "email"'],
  ['companyId=acme', 'companyId', 'must match format "uuid"'],
  ['tag=vip', 'tag', 'must match format "uuid"'],
  ['minLevel=-1', 'minLevel', 'must be >= 0'],
  ['minLevel=13', 'minLevel', 'must be <= 12'],
  ['minLevel=1.5', 'minLevel', 'must be an integer written in decimal digits'],
  ['minLevel=high', 'minLevel', 'must be an integer written in decimal digits'],
  ['activeSince=yesterday', 'activeSince', 'must match format "date-time"'],
  ['activeSince=2026-01-01', 'activeSince', 'must match format "date-time"'],
  ['activeUntil=2026-01-01T00:00:00', 'activeUntil', 'needs an offset: Z or ±hh:mm (e.g. 2026-01-31T09:30:00Z or 2026-01-31T10:30:00+01:00)'],
  ['sort=name', 'sort', 'must be equal to one of the allowed values'],
  ['sort=Pulse', 'sort', 'must be equal to one of the allowed values'],
  ['sort=%2Bpulse', 'sort', 'must be equal to one of the allowed values'],
  ['sort=', 'sort', 'must be equal to one of the allowed values'],
  ['order=desc', 'order', 'is not allowed'],
  ['memberId=1b4e28ba-2fa1-41d2-883f-0016d3cca427', 'memberId', 'is not allowed'],
  ['domain=example.com', 'domain', 'is not allowed']
]

for (const store of testStores()) {
  describe(`member list (${store.name})`, () => {
    test('an empty workspace lists no members', async (t) => {
      const api = client(await buildTestApp(t, store))
      assert.deepEqual(await listOf(api, '/v1/members'), { page: 1, pageSize: 10, totalMembers: 0, members: [] })
    })

    test('a listed member carries exactly the fields of the member record, never linkedinUrl', async (t) => {
      const api = client(await buildTestApp(t, store))
      const company = await createCompany(api, { name: 'Analytical Engines' })
      const created = await createMember(api, {
        firstName: 'Ada',
        lastName: 'Lovelace',
        primaryEmail: 'ada@example.com',
        emails: ['ada@work.example'],
        phones: ['+44 20 7946 0000'],
        jobTitle: 'Analyst',
        avatarUrl: 'https://example.com/ada.png',
        country: 'GB',
        language: 'en',
        tags: [TAG_A],
        linkedinUrl: 'https://www.linkedin.com/in/ada'
      })
      const patched = await api.patch(`/v1/members/${created.id}`, { companyId: company.id })
      assert.equal(patched.statusCode, 200)
      const updatedAt = (patched.json() as { member: Member }).member.updatedAt
      const activity = await createActivity(api, { memberId: created.id, activityTypeKey: 'post', createdAt: wireTimeAgo(30 * DAY) })

      assert.deepEqual(await listOf(api, '/v1/members'), {
        page: 1,
        pageSize: 10,
        totalMembers: 1,
        members: [{
          id: created.id,
          firstName: 'Ada',
          lastName: 'Lovelace',
          primaryEmail: 'ada@example.com',
          emails: ['ada@work.example'],
          phones: ['+44 20 7946 0000'],
          jobTitle: 'Analyst',
          avatarUrl: 'https://example.com/ada.png',
          language: 'en',
          country: 'GB',
          tags: [TAG_A],
          level: 1,
          pulse: 1,
          source: 'Api',
          companyId: company.id,
          workspaceId: api.workspaceId,
          firstActivity: activity.createdAt,
          lastActivity: activity.createdAt,
          createdAt: created.createdAt,
          updatedAt
        }]
      })
    })

    test('the default order is createdAt desc then id desc, the same as sort=-createdAt; sort=createdAt reverses it', async (t) => {
      const api = client(await buildTestApp(t, store))
      const members: Member[] = []
      await nextSecond() // both batches start at a second boundary, so each shares one createdAt
      for (const name of ['a1', 'a2', 'a3']) members.push(await createMember(api, { firstName: name }))
      await nextSecond()
      for (const name of ['b1', 'b2', 'b3']) members.push(await createMember(api, { firstName: name }))
      // Both distinct createdAt values and ties within one second are in the data.
      assert.equal(new Set(members.map((member) => member.createdAt)).size, 2)

      const newest = newestFirst(members)
      assert.deepEqual(await listOf(api, '/v1/members'), pageBody('members', 1, 10, 6, newest))
      assert.deepEqual(await listOf(api, '/v1/members?sort=-createdAt'), pageBody('members', 1, 10, 6, newest))
      assert.deepEqual(await listOf(api, '/v1/members?sort=createdAt'),
        pageBody('members', 1, 10, 6, sortBy(members, (member) => member.createdAt, 'asc')))
    })

    test('23 matches of a filter at pageSize 10 come in pages of 10, 10 and 3, then an empty page', async (t) => {
      const api = client(await buildTestApp(t, store))
      const all: Member[] = []
      for (let i = 0; i < 28; i++) {
        // Every fifth member lacks the tag, so the filter has to leave records out of each page.
        all.push(await createMember(api, { firstName: `m${i}`, tags: i % 5 === 4 ? [TAG_B] : [TAG_A, TAG_B] }))
      }
      const matching = all.filter((member) => member.tags.includes(TAG_A))
      assert.equal(matching.length, 23)
      const expected = newestFirst(matching)

      const pages = [expected.slice(0, 10), expected.slice(10, 20), expected.slice(20), []]
      for (const [index, records] of pages.entries()) {
        const page = index + 1
        assert.deepEqual(await listOf(api, `/v1/members?tag=${TAG_A}&page=${page}`), pageBody('members', page, 10, 23, records))
      }
      assert.deepEqual(await listOf(api, `/v1/members?tag=${TAG_A}&pageSize=20&page=2`), pageBody('members', 2, 20, 23, expected.slice(20)))
      assert.deepEqual(await listOf(api, `/v1/members?tag=${TAG_A}&pageSize=100`), pageBody('members', 1, 100, 23, expected))
      assert.deepEqual(await listOf(api, `/v1/members?tag=${TAG_A}&page=1000000`), pageBody('members', 1000000, 10, 23, []))
      // Unfiltered, the total is every member of the workspace.
      assert.deepEqual(await listOf(api, '/v1/members?page=3'), pageBody('members', 3, 10, 28, newestFirst(all).slice(20)))
    })

    test('q matches a case-insensitive prefix of first name, last name, full name or any email', async (t) => {
      const api = client(await buildTestApp(t, store))
      const ada = await createMember(api, { firstName: 'Ada', lastName: 'Lovelace', primaryEmail: 'ada@example.com', emails: ['countess@math.org'] })
      const adam = await createMember(api, { firstName: 'Adam', lastName: 'Smith', primaryEmail: 'adam@smith.io' })
      const grace = await createMember(api, { firstName: 'Grace', lastName: 'Hopper', primaryEmail: 'grace@navy.mil', emails: ['amazing.grace@example.com'] })
      const emile = await createMember(api, { firstName: 'Émile', lastName: 'Zola' })
      const zed = await createMember(api, { primaryEmail: 'zed@ada.org' })
      const only = await createMember(api, { lastName: 'Adair' })

      const cases: Array<[string, Member[]]> = [
        ['ada', [ada, adam, only]],
        ['ADA', [ada, adam, only]],
        ['ada ', [ada]],
        ['Ada L', [ada]],
        ['ada lovelace', [ada]],
        ['lovelace', [ada]],
        ['countess@', [ada]],
        ['COUNTESS@MATH.ORG', [ada]],
        ['amaz', [grace]],
        ['hopper', [grace]],
        ['gr', [grace]],
        ['éMI', [emile]],
        ['zed@ada', [zed]],
        ['a', [ada, adam, grace, only]],
        ['z', [emile, zed]],
        ['lovelace ada', []],
        ['race', []],
        ['navy', []],
        ['ada lovelace jr', []],
        ['%', []],
        ['_', []],
        ['*', []]
      ]
      for (const [q, members] of cases) {
        await assertMembers(api, `/v1/members?${qs({ q })}`, idsIn(newestFirst(members)))
      }
    })

    test('q follows a PATCH of names and emails', async (t) => {
      const api = client(await buildTestApp(t, store))
      const member = await createMember(api, { firstName: 'Ada', primaryEmail: 'ada@example.com', emails: ['a.l@example.com'] })
      const patch = await api.patch(`/v1/members/${member.id}`, { firstName: 'Grace', emails: ['g.h@example.com'] })
      assert.equal(patch.statusCode, 200)
      await assertMembers(api, '/v1/members?q=grace', [member.id])
      await assertMembers(api, '/v1/members?q=g.h', [member.id])
      await assertMembers(api, '/v1/members?q=ada', [member.id])
      await assertMembers(api, '/v1/members?q=a.l', [])
      const cleared = await api.patch(`/v1/members/${member.id}`, { primaryEmail: null })
      assert.equal(cleared.statusCode, 200)
      await assertMembers(api, '/v1/members?q=ada', [])
      await assertMembers(api, '/v1/members?email=ada%40example.com', [])
    })

    test('email matches any of the member\'s emails exactly, ignoring case, and never a name', async (t) => {
      const api = client(await buildTestApp(t, store))
      const ada = await createMember(api, { firstName: 'Ada', primaryEmail: 'ada@example.com', emails: ['countess@math.org'] })
      // Emails are unique per workspace (issue 17): each address names one member.
      const twin = await createMember(api, { firstName: 'Twin', emails: ['twin@example.com'] })
      await createMember(api, { firstName: 'grace@navy.mil' })
      await createMember(api, { primaryEmail: 'ada@example.com.au' })

      const cases: Array<[string, Member[]]> = [
        ['ada@example.com', [ada]],
        ['ADA@Example.COM', [ada]],
        ['countess@math.org', [ada]],
        ['TWIN@example.com', [twin]],
        ['ada@example.co', []],
        ['a@example.com', []],
        ['grace@navy.mil', []]
      ]
      for (const [email, members] of cases) {
        await assertMembers(api, `/v1/members?${qs({ email })}`, idsIn(newestFirst(members)))
      }
    })

    test('companyId lists the members attached to that company', async (t) => {
      const app = await buildTestApp(t, store)
      const api = client(app)
      const acme = await createCompany(api, { name: 'Acme' })
      const globex = await createCompany(api, { name: 'Globex' })
      const members: Member[] = []
      for (const [i, company] of [acme, globex, acme, null, acme].entries()) {
        const member = await createMember(api, { firstName: `m${i}` })
        if (company !== null) assert.equal((await api.patch(`/v1/members/${member.id}`, { companyId: company.id })).statusCode, 200)
        members.push(member)
      }
      const atAcme = [members[0]!, members[2]!, members[4]!]
      await assertMembers(api, `/v1/members?companyId=${acme.id}`, idsIn(newestFirst(atAcme)))
      await assertMembers(api, `/v1/members?companyId=${acme.id.toUpperCase()}`, idsIn(newestFirst(atAcme)))
      await assertMembers(api, `/v1/members?companyId=${globex.id}`, [members[1]!.id])
      await assertMembers(api, `/v1/members?companyId=${randomUUID()}`, [])
      // Another workspace's company has no members here, even one of the same name.
      const other = client(app)
      const theirs = await createCompany(other, { name: 'Acme' })
      await assertMembers(api, `/v1/members?companyId=${theirs.id}`, [])
    })

    test('tag lists the members carrying that tag', async (t) => {
      const api = client(await buildTestApp(t, store))
      const both = await createMember(api, { firstName: 'both', tags: [TAG_A, TAG_B] })
      const onlyB = await createMember(api, { firstName: 'b', tags: [TAG_B] })
      await createMember(api, { firstName: 'none' })
      await assertMembers(api, `/v1/members?tag=${TAG_A}`, [both.id])
      await assertMembers(api, `/v1/members?tag=${TAG_B.toUpperCase()}`, idsIn(newestFirst([both, onlyB])))
      await assertMembers(api, `/v1/members?tag=${randomUUID()}`, [])
      // A PATCH of the tags moves the member between the filters.
      assert.equal((await api.patch(`/v1/members/${both.id}`, { tags: [TAG_B] })).statusCode, 200)
      await assertMembers(api, `/v1/members?tag=${TAG_A}`, [])
    })

    test('minLevel keeps the members whose shown level is at least that level', async (t) => {
      const api = client(await buildTestApp(t, store))
      // One point per activity (a new type's), over the last 90 days; levels 1, 2, 3 from 1, 5, 10 points.
      const month = wireTimeAgo(30 * DAY)
      const old = wireTimeAgo(100 * DAY)
      const plan: Array<[string, Array<string | null>, number]> = [
        ['none', [], 0],
        ['old', [old, old], 0],
        ['one', [month], 1],
        ['four', [null, null, month, old, null], 1],
        ['five', [null, null, null, null, month], 2],
        ['ten', Array.from({ length: 10 }, () => null), 3]
      ]
      const members: Member[] = []
      for (const [firstName, times, level] of plan) {
        const member = await createMember(api, { firstName })
        await activitiesAt(api, member.id, times)
        assert.equal((await getMember(api, member.id)).level, level, firstName)
        members.push(member)
      }
      const newest = newestFirst(members)
      for (let minLevel = 0; minLevel <= 12; minLevel++) {
        const expected = newest.filter((member) => plan.find(([name]) => name === member.firstName)![2] >= minLevel)
        await assertMembers(api, `/v1/members?minLevel=${minLevel}`, idsIn(expected))
      }
    })

    test('activeSince and activeUntil bound lastActivity inclusively and never match members without activity', async (t) => {
      const api = client(await buildTestApp(t, store))
      const jan1 = await createMember(api, { firstName: 'jan1' })
      await activitiesAt(api, jan1.id, ['2026-01-01T00:00:00Z'])
      const jan2 = await createMember(api, { firstName: 'jan2' })
      // An earlier first activity: the bounds look at the last one only.
      await activitiesAt(api, jan2.id, ['2025-12-01T00:00:00Z', '2026-01-02T00:00:00Z'])
      const jan3 = await createMember(api, { firstName: 'jan3' })
      await activitiesAt(api, jan3.id, ['2026-01-03T00:00:00Z'])
      await createMember(api, { firstName: 'idle' })

      const cases: Array<[Record<string, string>, Member[]]> = [
        [{ activeSince: '2026-01-02T00:00:00Z' }, [jan2, jan3]],
        [{ activeSince: '2026-01-02T01:00:00+01:00' }, [jan2, jan3]],
        [{ activeSince: '2026-01-01T00:00:01Z' }, [jan2, jan3]],
        [{ activeSince: '2026-01-03T00:00:01Z' }, []],
        [{ activeUntil: '2026-01-02T00:00:00Z' }, [jan1, jan2]],
        [{ activeUntil: '2026-01-01T19:00:00-05:00' }, [jan1, jan2]],
        [{ activeUntil: '2026-01-01T23:59:59Z' }, [jan1]],
        [{ activeUntil: '2025-12-15T00:00:00Z' }, []],
        [{ activeSince: '2026-01-02T00:00:00Z', activeUntil: '2026-01-02T00:00:00Z' }, [jan2]],
        [{ activeSince: '2026-01-01T00:00:00Z', activeUntil: '2026-01-03T00:00:00Z' }, [jan1, jan2, jan3]],
        [{ activeSince: '1970-01-01T00:00:00Z' }, [jan1, jan2, jan3]]
      ]
      for (const [bounds, members] of cases) {
        await assertMembers(api, `/v1/members?${qs(bounds)}`, idsIn(newestFirst(members)))
      }
    })

    test('sort=lastActivity puts members without activity first, ties by id asc; -lastActivity is the exact reverse', async (t) => {
      const api = client(await buildTestApp(t, store))
      const names = ['idle1', 'early', 'tie1', 'idle2', 'late', 'tie2']
      const byName: Record<string, Member> = {}
      for (const name of names) byName[name] = await createMember(api, { firstName: name })
      const id = (name: string) => byName[name]!.id
      await activitiesAt(api, id('early'), ['2026-01-01T00:00:00Z'])
      // tie1 and tie2 end at the same instant; tie1's first activity is later than early's.
      await activitiesAt(api, id('tie1'), ['2026-01-01T12:00:00Z', '2026-01-02T00:00:00Z'])
      await activitiesAt(api, id('tie2'), ['2026-01-02T00:00:00Z'])
      await activitiesAt(api, id('late'), ['2025-06-01T00:00:00Z', '2026-01-03T00:00:00Z'])

      const ascending = [...byId([id('idle1'), id('idle2')]), id('early'), ...byId([id('tie1'), id('tie2')]), id('late')]
      const descending = [id('late'), ...byId([id('tie1'), id('tie2')], 'desc'), id('early'), ...byId([id('idle1'), id('idle2')], 'desc')]
      await assertMembers(api, '/v1/members?sort=lastActivity', ascending)
      await assertMembers(api, '/v1/members?sort=-lastActivity', descending)
      assert.deepEqual(await idsOf(api, '/v1/members?sort=lastActivity'), [...(await idsOf(api, '/v1/members?sort=-lastActivity'))].reverse())
      // The order agrees with the values the client receives.
      const listed = (await listOf(api, '/v1/members?sort=lastActivity')).members as Member[]
      assert.deepEqual(idsIn(sortBy(listed, (member) => member.lastActivity, 'asc')), ascending)
      // A filter that leaves the idle members out keeps the order of the others.
      await assertMembers(api, `/v1/members?${qs({ sort: 'lastActivity', activeSince: '2026-01-01T00:00:00Z' })}`, ascending.slice(2))
    })

    test('sort=pulse orders by pulse ascending, ties by id asc; -pulse descending, ties by id desc', async (t) => {
      const api = client(await buildTestApp(t, store))
      const month = wireTimeAgo(30 * DAY)
      const tenDays = wireTimeAgo(10 * DAY)
      const plan: Array<[string, string[]]> = [
        ['zero1', []],
        ['tie1', [tenDays, tenDays]],
        ['high', [tenDays, tenDays, tenDays]],
        ['half', [month]],
        ['zero2', []],
        ['tie2', [tenDays, tenDays]]
      ]
      const byName: Record<string, Member> = {}
      for (const [name, times] of plan) {
        byName[name] = await createMember(api, { firstName: name })
        await activitiesAt(api, byName[name].id, times)
      }
      const id = (name: string) => byName[name]!.id
      const pulses = Object.fromEntries(await Promise.all(plan.map(async ([name]) => [name, (await getMember(api, id(name))).pulse])))
      assert.deepEqual(pulses, { zero1: 0, tie1: 2, high: 3, half: 1, zero2: 0, tie2: 2 })

      const ascending = [...byId([id('zero1'), id('zero2')]), id('half'), ...byId([id('tie1'), id('tie2')]), id('high')]
      const descending = [id('high'), ...byId([id('tie1'), id('tie2')], 'desc'), id('half'), ...byId([id('zero1'), id('zero2')], 'desc')]
      await assertMembers(api, '/v1/members?sort=pulse', ascending)
      await assertMembers(api, '/v1/members?sort=-pulse', descending)
      // A filter that leaves some members out keeps the order of the others.
      await assertMembers(api, `/v1/members?${qs({ sort: '-pulse', activeSince: tenDays })}`, [id('high'), ...byId([id('tie1'), id('tie2')], 'desc')])
    })

    test('sorts page through a filtered list without losing or repeating a member', async (t) => {
      const api = client(await buildTestApp(t, store))
      const members: Member[] = []
      for (let i = 0; i < 18; i++) {
        const member = await createMember(api, { firstName: `m${i}`, tags: i % 4 === 0 ? [] : [TAG_A] })
        // Four distinct instants, so the sorts meet ties at page boundaries.
        await activitiesAt(api, member.id, [`2026-02-0${1 + (i % 4)}T00:00:00Z`])
        if (i % 4 !== 0) members.push(member)
      }
      for (const sort of ['lastActivity', '-lastActivity', 'pulse', '-pulse', 'createdAt', '-createdAt']) {
        const pages = [
          ...await idsOf(api, `/v1/members?tag=${TAG_A}&sort=${sort}&page=1`),
          ...await idsOf(api, `/v1/members?tag=${TAG_A}&sort=${sort}&page=2`)
        ]
        assert.deepEqual(pages, await idsOf(api, `/v1/members?tag=${TAG_A}&sort=${sort}&pageSize=100`), sort)
        assert.deepEqual([...pages].sort(), idsIn(members).sort(), sort)
      }
    })

    test('filters combine with AND, and the total counts the members matching all of them', async (t) => {
      const api = client(await buildTestApp(t, store))
      const company = await createCompany(api, { name: 'Acme' })
      // One instant for every activity, so equal pulses are exact ties.
      const now = wireTimeAgo(0)
      const plan: Array<[string, string[], boolean, number]> = [
        ['Ada', [TAG_A], true, 1],
        ['Adam', [TAG_A], true, 0],
        ['Adele', [], true, 1],
        ['Ada', [TAG_A], false, 1],
        ['Bea', [TAG_A], true, 1]
      ]
      const members: Member[] = []
      for (const [firstName, tags, atCompany, activities] of plan) {
        const member = await createMember(api, { firstName, tags })
        if (atCompany) assert.equal((await api.patch(`/v1/members/${member.id}`, { companyId: company.id })).statusCode, 200)
        await activitiesAt(api, member.id, Array.from({ length: activities }, () => now))
        members.push(member)
      }
      await assertMembers(api, `/v1/members?${qs({ q: 'ad', tag: TAG_A, companyId: company.id, minLevel: 1 })}`, [members[0]!.id])
      await assertMembers(api, `/v1/members?${qs({ q: 'ad', tag: TAG_A })}`, idsIn(newestFirst([members[0]!, members[1]!, members[3]!])))
      await assertMembers(api, `/v1/members?${qs({ q: 'ad', minLevel: 1, sort: 'pulse' })}`,
        byId([members[0]!.id, members[2]!.id, members[3]!.id]))
    })

    test('a bad query parameter answers 400 naming the parameter', async (t) => {
      const api = client(await buildTestApp(t, store))
      for (const [query, field, message] of BAD_QUERIES) {
        assertBadRequest(await api.get(`/v1/members?${query}`), field, message)
      }
    })

    test('activeUntil before activeSince is a 400 naming activeUntil', async (t) => {
      const api = client(await buildTestApp(t, store))
      const bad = [
        { activeSince: '2026-01-02T00:00:00Z', activeUntil: '2026-01-01T23:59:59Z' },
        // Offsets count: 00:30+01:00 is 23:30Z of the day before.
        { activeSince: '2026-01-02T00:00:00Z', activeUntil: '2026-01-02T00:30:00+01:00' }
      ]
      for (const bounds of bad) {
        assertBadRequest(await api.get(`/v1/members?${qs(bounds)}`), 'activeUntil', 'must not be before activeSince')
      }
    })

    test('a workspace lists only its own members, whatever the filter', async (t) => {
      const app = await buildTestApp(t, store)
      const a = client(app)
      const b = client(app)
      const company = await createCompany(a, { name: 'Acme' })
      for (const firstName of ['Ada', 'Adam', 'Alan']) {
        const member = await createMember(a, { firstName, primaryEmail: `${firstName.toLowerCase()}@example.com`, tags: [TAG_A] })
        assert.equal((await a.patch(`/v1/members/${member.id}`, { companyId: company.id })).statusCode, 200)
        await activitiesAt(a, member.id, [null, null, null])
      }
      const own = await createMember(b, { firstName: 'Bob' })

      assert.deepEqual(await listOf(b, '/v1/members'), pageBody('members', 1, 10, 1, [own]))
      for (const query of ['q=ad', 'email=ada%40example.com', `tag=${TAG_A}`, `companyId=${company.id}`, 'minLevel=1',
        'activeSince=2020-01-01T00:00:00Z', 'sort=-pulse&minLevel=2']) {
        assert.deepEqual(await listOf(b, `/v1/members?${query}`), pageBody('members', 1, 10, 0, []), query)
      }
      assert.equal((await listOf(a, '/v1/members')).totalMembers, 3)
    })
  })
}
