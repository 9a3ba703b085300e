import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { buildTestApp, testStores } from '../support/helpers.js'

for (const store of testStores()) {
  describe(`health (${store.name})`, () => {
    test('GET /healthz answers 200 without a token', async (t) => {
      const app = await buildTestApp(t, store)
      const res = await app.inject({ method: 'GET', url: '/healthz' })
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { status: 'ok' })
    })

    test('GET /readyz answers 200 when the database answers', async (t) => {
      const app = await buildTestApp(t, store)
      const res = await app.inject({ method: 'GET', url: '/readyz' })
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { status: 'ok' })
    })
  })
}
