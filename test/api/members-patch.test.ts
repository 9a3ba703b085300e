import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { buildTestApp, testStores } from '../support/helpers.js'
import {
  DAY, assertBadRequest, assertNotFound, client, createActivity, createCompany, createMember, getMember, idsOf,
  nextSecond, recordOf, wireTimeAgo, type Client, type Member
} from '../support/list-support.js'

const TAG_A = '1b4e28ba-2fa1-41d2-883f-0016d3cca427'
const TAG_B = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b'

const FULL = {
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
}

const IDENTITY_FIELD = 'firstName|lastName|primaryEmail'
const IDENTITY_RULE = 'one of firstName, lastName, primaryEmail is required'
const NO_RECORD = 'does not name a record of this workspace'

async function patchMember (api: Client, id: string, body: object): Promise<Member> {
  return recordOf<Member>(await api.patch(`/v1/members/${id}`, body), 200, 'member')
}

/** The member as create answers it, with `changes` applied: what every later read must show. */
function withChanges (member: Member, changes: Partial<Member>): Member {
  return { ...member, ...changes }
}

const INVALID: Array<[string, Record<string, unknown>, string, string]> = [
  ['an unknown field', { nickname: 'ada' }, 'nickname', 'is not allowed'],
  ['id', { id: randomUUID() }, 'id', 'is not allowed'],
  ['workspaceId', { workspaceId: randomUUID() }, 'workspaceId', 'is not allowed'],
  ['createdAt', { createdAt: '2020-01-01T00:00:00Z' }, 'createdAt', 'is not allowed'],
  ['updatedAt', { updatedAt: '2020-01-01T00:00:00Z' }, 'updatedAt', 'is not allowed'],
  ['level', { level: 3 }, 'level', 'is not allowed'],
  ['pulse', { pulse: 10 }, 'pulse', 'is not allowed'],
  ['firstActivity', { firstActivity: '2020-01-01T00:00:00Z' }, 'firstActivity', 'is not allowed'],
  ['lastActivity', { lastActivity: '2020-01-01T00:00:00Z' }, 'lastActivity', 'is not allowed'],
  ['source', { source: 'Api' }, 'source', 'is not allowed'],
  ['an empty firstName', { firstName: '' }, 'firstName', 'must NOT have fewer than 1 characters'],
  ['a firstName of 1001 characters', { firstName: 'x'.repeat(1001) }, 'firstName', 'must NOT have more than 1000 characters'],
  ['a lastName as a number', { lastName: 7 }, 'lastName', 'must be string,null'],
  ['a primaryEmail that is no address', { primaryEmail: 'ada at example.com' }, 'primaryEmail', 'must match format "email"'],
  ['an email that is no address', { emails: ['ada@example.com', 'nope'] }, 'emails.1', 'must match format "email"'],
  ['tags as a string', { tags: TAG_A }, 'tags', 'must be array,null'],
  ['a tag that is not a uuid', { tags: ['vip'] }, 'tags.0', 'must match format "uuid"'],
  ['an avatarUrl with ftp scheme', { avatarUrl: 'ftp://example.com/a.png' }, 'avatarUrl', 'must match pattern "^[hH][tT][tT][pP][sS]?://"'],
  ['a linkedinUrl without scheme', { linkedinUrl: 'linkedin.com/in/ada' }, 'linkedinUrl', 'must match pattern "^[hH][tT][tT][pP][sS]?://"'],
  ['a companyId that is not a uuid', { companyId: 'acme' }, 'companyId', 'must match format "uuid"'],
  ['a companyId as a number', { companyId: 42 }, 'companyId', 'must be string,null']
]

for (const store of testStores()) {
  describe(`member PATCH (${store.name})`, () => {
    test('PATCH changes the given fields and leaves the others as they were', async (t) => {
      const api = client(await buildTestApp(t, store))
      const member = await createMember(api, FULL)
      const res = await api.patch(`/v1/members/${member.id}`, {
        jobTitle: 'Engineer', country: 'FR', phones: ['+33 1 00 00 00 00', '+33 1 00 00 00 00'], tags: [TAG_B, TAG_A, TAG_B]
      })
      assert.equal(res.statusCode, 200)
      const patched = (res.json() as { member: Member }).member
      const expected = withChanges(member, {
        jobTitle: 'Engineer', country: 'FR', phones: ['+33 1 00 00 00 00'], tags: [TAG_B, TAG_A], updatedAt: patched.updatedAt
      })
      assert.deepEqual(res.json(), { member: expected })
      assert.deepEqual(await getMember(api, member.id), expected)
    })

    test('null clears an optional field: strings become null, lists []', async (t) => {
      const api = client(await buildTestApp(t, store))
      const member = await createMember(api, FULL)
      const patched = await patchMember(api, member.id, {
        lastName: null, emails: null, phones: null, jobTitle: null, avatarUrl: null, country: null, language: null, tags: null, linkedinUrl: null
      })
      const expected = withChanges(member, {
        lastName: null, emails: [], phones: [], jobTitle: null, avatarUrl: null, country: null, language: null, tags: [], updatedAt: patched.updatedAt
      })
      assert.deepEqual(patched, expected)
      assert.deepEqual(await getMember(api, member.id), expected)
    })

    test('{} answers 200 with the member unchanged and updatedAt where it was; a real change moves only updatedAt', async (t) => {
      const api = client(await buildTestApp(t, store))
      const member = await createMember(api, FULL)
      await nextSecond()
      assert.deepEqual(await patchMember(api, member.id, {}), member)
      // Values equal to the stored ones change nothing either.
      assert.deepEqual(await patchMember(api, member.id, { firstName: 'Ada', tags: [TAG_A, TAG_A], companyId: null }), member)
      assert.deepEqual(await getMember(api, member.id), member)

      const changed = await patchMember(api, member.id, { firstName: 'Augusta' })
      assert.ok(changed.updatedAt > member.updatedAt, `${changed.updatedAt} > ${member.updatedAt}`)
      assert.deepEqual(changed, withChanges(member, { firstName: 'Augusta', updatedAt: changed.updatedAt }))
    })

    test('linkedinUrl is accepted and never returned, by PATCH, GET or the list', async (t) => {
      const api = client(await buildTestApp(t, store))
      const member = await createMember(api, { firstName: 'Ada' })
      const res = await api.patch(`/v1/members/${member.id}`, { linkedinUrl: 'https://www.linkedin.com/in/ada' })
      assert.equal(res.statusCode, 200)
      const patched = (res.json() as { member: Member }).member
      assert.deepEqual(res.json(), { member: withChanges(member, { updatedAt: patched.updatedAt }) })
      assert.deepEqual(await getMember(api, member.id), patched)
      const list = await api.get('/v1/members')
      assert.deepEqual(list.json(), { page: 1, pageSize: 10, totalMembers: 1, members: [patched] })
      assert.equal(list.body.includes('linkedin'), false)
      const cleared = await patchMember(api, member.id, { linkedinUrl: null })
      assert.deepEqual(cleared, withChanges(member, { updatedAt: cleared.updatedAt }))
    })

    test('clearing firstName, lastName and primaryEmail so that none is left is a 400 and changes nothing', async (t) => {
      const api = client(await buildTestApp(t, store))
      const onlyName = await createMember(api, { firstName: 'Ada', jobTitle: 'Analyst', tags: [TAG_A] })
      const all = await createMember(api, { firstName: 'Grace', lastName: 'Hopper', primaryEmail: 'grace@navy.mil' })
      const bodies: Array<[Member, object]> = [
        [onlyName, { firstName: null }],
        // The other fields of a refused PATCH are not applied either.
        [onlyName, { firstName: null, jobTitle: 'Engineer', tags: [TAG_B], lastName: null }],
        [all, { firstName: null, lastName: null, primaryEmail: null }],
        [all, { firstName: null, lastName: null, primaryEmail: null, emails: ['grace@example.com'] }]
      ]
      for (const [member, body] of bodies) {
        assertBadRequest(await api.patch(`/v1/members/${member.id}`, body), IDENTITY_FIELD, IDENTITY_RULE)
        assert.deepEqual(await getMember(api, member.id), member)
      }
      // Search terms and tags were not touched by the refused writes.
      assert.deepEqual(await idsOf(api, '/v1/members?q=ada'), [onlyName.id])
      assert.deepEqual(await idsOf(api, `/v1/members?tag=${TAG_A}`), [onlyName.id])
      assert.deepEqual(await idsOf(api, `/v1/members?tag=${TAG_B}`), [])

      // Keeping any one of the three is enough.
      const left = await patchMember(api, all.id, { firstName: null, lastName: null })
      assert.deepEqual(left, withChanges(all, { firstName: null, lastName: null, updatedAt: left.updatedAt }))
      const swapped = await patchMember(api, onlyName.id, { firstName: null, lastName: 'Lovelace' })
      assert.deepEqual(swapped, withChanges(onlyName, { firstName: null, lastName: 'Lovelace', updatedAt: swapped.updatedAt }))
    })

    test('companyId attaches the member to a company of its workspace, and null detaches it', async (t) => {
      const api = client(await buildTestApp(t, store))
      const acme = await createCompany(api, { name: 'Acme' })
      const globex = await createCompany(api, { name: 'Globex' })
      const member = await createMember(api, { firstName: 'Ada' })

      const attached = await patchMember(api, member.id, { companyId: acme.id })
      assert.deepEqual(attached, withChanges(member, { companyId: acme.id, updatedAt: attached.updatedAt }))
      assert.deepEqual(await getMember(api, member.id), attached)
      assert.deepEqual(await idsOf(api, `/v1/members?companyId=${acme.id}`), [member.id])

      // Uuids are case-insensitive and answered in lower case.
      const moved = await patchMember(api, member.id, { companyId: globex.id.toUpperCase() })
      assert.equal(moved.companyId, globex.id)
      assert.deepEqual(await idsOf(api, `/v1/members?companyId=${acme.id}`), [])

      const detached = await patchMember(api, member.id, { companyId: null })
      assert.deepEqual(detached, withChanges(member, { companyId: null, updatedAt: detached.updatedAt }))
      assert.deepEqual(await idsOf(api, `/v1/members?companyId=${globex.id}`), [])
    })

    test('a companyId naming no company of the workspace is a 400 naming companyId, and the member is unchanged', async (t) => {
      const app = await buildTestApp(t, store)
      const api = client(app)
      const other = client(app)
      const acme = await createCompany(api, { name: 'Acme' })
      const theirs = await createCompany(other, { name: 'Acme' })
      const member = await patchMember(api, (await createMember(api, { firstName: 'Ada' })).id, { companyId: acme.id })

      for (const companyId of [randomUUID(), theirs.id]) {
        assertBadRequest(await api.patch(`/v1/members/${member.id}`, { companyId, jobTitle: 'Analyst' }), 'companyId', NO_RECORD)
        assert.deepEqual(await getMember(api, member.id), member)
      }
      // A deleted company is no longer a company of the workspace.
      const gone = await createCompany(api, { name: 'Gone' })
      assert.equal((await api.delete(`/v1/companies/${gone.id}`)).statusCode, 200)
      assertBadRequest(await api.patch(`/v1/members/${member.id}`, { companyId: gone.id }), 'companyId', NO_RECORD)
      assert.deepEqual(await getMember(api, member.id), member)
      assert.deepEqual(recordOf(await other.get(`/v1/companies/${theirs.id}`), 200, 'company'), theirs)
    })

    test('an invalid body is a 400 naming the field, and the member is unchanged', async (t) => {
      const api = client(await buildTestApp(t, store))
      const member = await createMember(api, FULL)
      for (const [what, body, field, message] of INVALID) {
        const res = await api.patch(`/v1/members/${member.id}`, body)
        assert.equal(res.statusCode, 400, what)
        assert.deepEqual(res.json(), { code: 'BAD_REQUEST', error: 'Invalid request', details: [{ field, message }] }, what)
      }
      assert.deepEqual(await getMember(api, member.id), member)
    })

    test('PATCH keeps the derived fields: pulse, level, firstActivity, lastActivity', async (t) => {
      const api = client(await buildTestApp(t, store))
      const member = await createMember(api, { firstName: 'Ada' })
      const first = await createActivity(api, { memberId: member.id, activityTypeKey: 'post', createdAt: wireTimeAgo(30 * DAY) })
      const last = await createActivity(api, { memberId: member.id, activityTypeKey: 'post' })
      const patched = await patchMember(api, member.id, { lastName: 'Lovelace' })
      assert.deepEqual(patched, withChanges(member, {
        lastName: 'Lovelace', pulse: 2, level: 1, firstActivity: first.createdAt, lastActivity: last.createdAt, updatedAt: patched.updatedAt
      }))
    })

    test('PATCH of an unknown, malformed or other workspace\'s member is a 404 and changes nothing', async (t) => {
      const app = await buildTestApp(t, store)
      const a = client(app)
      const b = client(app)
      const companyOfB = await createCompany(b, { name: 'Globex' })
      const member = await createMember(a, FULL)
      for (const id of [randomUUID(), 'not-a-uuid', '123', member.id.toUpperCase().replace(/-/g, '')]) {
        assertNotFound(await a.patch(`/v1/members/${id}`, { firstName: 'Grace' }))
      }
      for (const body of [{ firstName: 'Grace' }, {}, { companyId: companyOfB.id }, { companyId: null }]) {
        assertNotFound(await b.patch(`/v1/members/${member.id}`, body))
      }
      assert.deepEqual(await getMember(a, member.id), member)
      assert.deepEqual(await idsOf(b, '/v1/members'), [])
      assert.deepEqual(await idsOf(b, `/v1/members?companyId=${companyOfB.id}`), [])
    })
  })
}
