import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createActivities } from '../../src/services/activities.js'
import { ConflictError, InvalidFieldError } from '../../src/store/types.js'
import { api, buildTestAppWithStore, createActivity, createMember, newWorkspace, testStores, wireTimeAgo, DAY } from '../support/helpers.js'

// The bulk path (store createMany; activities through the services layer) has no route: it is driven directly
// and checked through the API.

for (const store of testStores()) {
  describe(`bulk creates (${store.name})`, () => {
    test('createMany creates every input as create would, and answers the ids in input order', async (t) => {
      const { app, store: opened } = await buildTestAppWithStore(t, store)
      const workspaceId = newWorkspace()
      const client = api(app, workspaceId)
      const tags = [newWorkspace(), newWorkspace()]
      const [companyId] = await opened.companies.createMany(workspaceId, [{ name: 'Acme', tags }])
      const channelIds = await opened.channels.createMany(workspaceId, [{ name: 'general' }, { name: 'random', source: 'Slack' }])
      const memberIds = await opened.members.createMany(workspaceId, [
        { firstName: 'Ada', companyId },
        { primaryEmail: 'grace@example.com' }
      ])
      const [threeDaysAgo, oneDayAgo] = [wireTimeAgo(3 * DAY), wireTimeAgo(DAY)]
      const activityIds = await createActivities(opened, workspaceId, [
        { memberId: memberIds[0]!, activityTypeKey: 'post', channelId: channelIds[1], createdAt: threeDaysAgo },
        { memberId: memberIds[0]!, activityTypeKey: 'post', createdAt: oneDayAgo },
        { memberId: memberIds[1]!, activityTypeKey: 'comment' }
      ])

      const company = (await client.get(`/v1/companies/${companyId}`)).json().company
      assert.equal(company.name, 'Acme')
      assert.deepEqual(company.tags, tags)
      const channels = await Promise.all(channelIds.map(async (id) => (await client.get(`/v1/channels/${id}`)).json().channel))
      assert.deepEqual(channels.map((c) => [c.name, c.source]), [['general', 'Api'], ['random', 'Slack']])
      const ada = (await client.get(`/v1/members/${memberIds[0]}`)).json().member
      assert.equal(ada.companyId, companyId)
      assert.equal(ada.firstActivity, threeDaysAgo)
      assert.equal(ada.lastActivity, oneDayAgo)
      const activities = await Promise.all(activityIds.map(async (id) => (await client.get(`/v1/activities/${id}`)).json().activity))
      assert.deepEqual(activities.map((a) => a.memberId), [memberIds[0], memberIds[0], memberIds[1]])
      assert.equal(activities[0].activityTypeId, activities[1].activityTypeId)
      assert.notEqual(activities[0].activityTypeId, activities[2].activityTypeId)
      assert.equal(activities[0].channelId, channelIds[1])

      // Totals and lists include them, as after single creates.
      const list = (await client.get('/v1/activities?pageSize=10')).json()
      assert.equal(list.totalActivities, 3)
      assert.deepEqual(list.activities.map((a: { id: string }) => a.id), [activityIds[2], activityIds[1], activityIds[0]])
      assert.equal((await client.get('/v1/members?q=grace')).json().totalMembers, 1)
      assert.equal((await client.get(`/v1/companies?tag=${tags[1]}`)).json().totalCompanies, 1)

      // One member's activities in one batch: its kept count and score move as after single creates.
      const twin = await createMember(client)
      for (const createdAt of [threeDaysAgo, oneDayAgo]) await createActivity(client, { memberId: twin.id, activityTypeKey: 'post', createdAt })
      const twinAfter = (await client.get(`/v1/members/${twin.id}`)).json().member
      for (const field of ['firstActivity', 'lastActivity', 'pulse', 'level']) assert.equal(ada[field], twinAfter[field], field)
      assert.ok(ada.pulse > 0)
      assert.equal((await client.get(`/v1/activities/member/${memberIds[0]}`)).json().totalActivities, 2)
    })

    test('createMany is all or none: one bad reference creates nothing', async (t) => {
      const { app, store: opened } = await buildTestAppWithStore(t, store)
      const workspaceId = newWorkspace()
      const client = api(app, workspaceId)
      const member = await createMember(client)
      await createActivity(client, { memberId: member.id, activityTypeKey: 'post' })
      await assert.rejects(createActivities(opened, workspaceId, [
        { memberId: member.id, activityTypeKey: 'post' },
        { memberId: newWorkspace(), activityTypeKey: 'post' }
      ]), (error) => error instanceof InvalidFieldError && error.field === 'memberId')
      await assert.rejects(opened.members.createMany(workspaceId, [
        { firstName: 'Bob' },
        { firstName: 'Eve', companyId: newWorkspace() }
      ]), (error) => error instanceof InvalidFieldError && error.field === 'companyId')

      assert.equal((await client.get('/v1/activities')).json().totalActivities, 1)
      assert.equal((await client.get('/v1/members')).json().totalMembers, 1)
      const after = (await client.get(`/v1/members/${member.id}`)).json().member
      assert.equal(after.firstActivity, after.lastActivity)
    })

    test('createMany refuses an email a member of the workspace has, or two of its inputs share: 409 naming the holder, nothing created', async (t) => {
      const { app, store: opened } = await buildTestAppWithStore(t, store)
      const workspaceId = newWorkspace()
      const client = api(app, workspaceId)
      const ada = await createMember(client, { primaryEmail: 'ada@example.com', emails: ['ada@home.example'] })
      // Another workspace's member with the email is no conflict.
      await createMember(api(app, newWorkspace()), { primaryEmail: 'bob@example.com' })
      const refused = (error: unknown, field: string, id?: string) => error instanceof ConflictError && error.field === field && error.id === id
      await assert.rejects(opened.members.createMany(workspaceId, [
        { firstName: 'New', primaryEmail: 'new@example.com' },
        { firstName: 'Copy', primaryEmail: 'someone@example.com', emails: ['ADA@HOME.EXAMPLE'] }
      ]), (error) => refused(error, 'emails', ada.id))
      await assert.rejects(opened.members.createMany(workspaceId, [
        { primaryEmail: 'Ada@Example.com' }
      ]), (error) => refused(error, 'primaryEmail', ada.id))
      const [first] = await opened.members.createMany(workspaceId, [{ primaryEmail: 'bob@example.com' }])
      await assert.rejects(opened.members.createMany(workspaceId, [
        { primaryEmail: 'eve@example.com' },
        { primaryEmail: 'mallory@example.com', emails: ['EVE@example.com'] }
      ]), (error) => error instanceof ConflictError && error.field === 'emails')

      assert.equal((await client.get('/v1/members')).json().totalMembers, 2)
      assert.deepEqual((await client.get('/v1/members?q=new@example.com')).json().totalMembers, 0)
      assert.equal((await client.get(`/v1/members/${first}`)).json().member.primaryEmail, 'bob@example.com')
    })

    test('the bulk path keeps the backfill range: a createdAt in the future or before 1970 creates nothing', async (t) => {
      const { app, store: opened } = await buildTestAppWithStore(t, store)
      const workspaceId = newWorkspace()
      const client = api(app, workspaceId)
      const member = await createMember(client)
      for (const [createdAt, reason] of [
        [new Date(Date.now() + 120_000).toISOString(), 'must not be in the future'],
        ['1969-12-31T23:59:59Z', 'must not be before 1970-01-01T00:00:00Z']
      ] as const) {
        await assert.rejects(createActivities(opened, workspaceId, [
          { memberId: member.id, activityTypeKey: 'post' },
          { memberId: member.id, activityTypeKey: 'post', createdAt }
        ]), (error) => error instanceof InvalidFieldError && error.field === 'createdAt' && error.reason === reason)
      }
      assert.equal((await client.get('/v1/activities')).json().totalActivities, 0)
      assert.equal((await client.get(`/v1/members/${member.id}`)).json().member.lastActivity, null)
    })
  })
}
