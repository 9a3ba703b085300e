import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { api, buildTestApp, createMember, newWorkspace, testStores } from '../support/helpers.js'

// Writes that arrive together (on SQLite they share one transaction and one commit, each in a savepoint of
// its own) succeed or fail one by one: a failing write changes nothing, and its neighbours are all there.

for (const store of testStores()) {
  describe(`concurrent writes (${store.name})`, () => {
    test('of 60 writes sent at once, the 20 that fail inside the store change nothing and the 40 others land', async (t) => {
      const app = await buildTestApp(t, store)
      const client = api(app, newWorkspace())
      const member = await createMember(client)
      const foreign = await createMember(api(app, newWorkspace()))
      const responses = await Promise.all(Array.from({ length: 60 }, async (_, i) => i % 3 === 2
        // A member of another workspace: refused by the store, mid-transaction, after the activity type is made.
        ? await client.post('/v1/activities', { memberId: foreign.id, activityTypeKey: `never-${i}` })
        : i % 3 === 1
          ? await client.post('/v1/members', { firstName: `M${i}` })
          : await client.post('/v1/activities', { memberId: member.id, activityTypeKey: 'post', title: `A${i}` })))
      assert.deepEqual(responses.map((res) => res.statusCode), Array.from({ length: 60 }, (_, i) => i % 3 === 2 ? 400 : 201))
      const activities = (await client.get('/v1/activities?pageSize=100')).json()
      assert.equal(activities.totalActivities, 20)
      assert.deepEqual(activities.activities.map((a: { title: string }) => a.title).sort(),
        Array.from({ length: 20 }, (_, k) => `A${k * 3}`).sort())
      assert.equal((await client.get('/v1/members?pageSize=100')).json().totalMembers, 21)
      const types = new Set(activities.activities.map((a: { activityTypeId: string }) => a.activityTypeId))
      assert.equal(types.size, 1, 'the failed writes left no activity type behind')
      assert.equal((await client.get(`/v1/members/${member.id}`)).json().member.lastActivity !== null, true)
      for (const res of responses.filter((r) => r.statusCode === 201 && r.json().member !== undefined)) {
        assert.equal((await client.get(`/v1/members/${res.json().member.id}`)).statusCode, 200)
      }
    })
  })
}
