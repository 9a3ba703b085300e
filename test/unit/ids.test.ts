import assert from 'node:assert/strict'
import { test } from 'node:test'
import { validate, version } from 'uuid'
import { newId } from '../../src/store/ids.js'

test('ids are UUIDv7, unique, and strictly increasing however many are made within one millisecond', () => {
  const ids = Array.from({ length: 100_000 }, () => newId())
  for (const id of ids.slice(0, 1000)) {
    assert.ok(validate(id) && version(id) === 7, id)
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  }
  for (let i = 1; i < ids.length; i++) assert.ok(ids[i - 1]! < ids[i]!, `${ids[i - 1]} < ${ids[i]}`)
  assert.equal(new Set(ids).size, ids.length)
})

test('ids carry the time they were made', () => {
  const before = Date.now()
  const id = newId()
  const msecs = parseInt(id.replace(/-/g, '').slice(0, 12), 16)
  assert.ok(msecs >= before && msecs <= Date.now())
})
