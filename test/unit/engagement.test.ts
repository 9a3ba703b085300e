import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { activityWeight, gainsByMember, LEVEL_THRESHOLDS, levelOf, PULSE_HALF_LIFE_SECONDS, pulseAt } from '../../src/domain/engagement.js'
import { NAME_TERM_LENGTH, searchTerms } from '../../src/domain/members.js'
import { uniqueInOrder } from '../../src/domain/normalize.js'
import { isDateTime, nowSeconds, toEpochSeconds, toWireTime } from '../../src/domain/time.js'

const DAY = 24 * 3600
const T = Date.UTC(2026, 5, 1) / 1000

/** Pulse at `now` of activities created at `times`, the way the stores keep it: a sum of weights. */
const pulseOf = (times: number[], now: number) => pulseAt(times.reduce((score, at) => score + activityWeight(at), 0), now)

describe('engagement', () => {
  test('the half-life is 30 days', () => {
    assert.equal(PULSE_HALF_LIFE_SECONDS, 30 * DAY)
  })

  test('an activity counts 1 when it happens and halves every 30 days', () => {
    assert.equal(pulseOf([T], T), 1)
    assert.equal(pulseOf([T], T + 30 * DAY), 0.5)
    assert.equal(pulseOf([T], T + 60 * DAY), 0.25)
    assert.equal(pulseOf([T], T + 90 * DAY), 0.13)
    assert.equal(pulseOf([T], T + 15 * DAY), 0.71)
    assert.equal(pulseOf([T - 30 * DAY, T], T), 1.5)
  })

  test('pulse does not depend on when the score was computed, only on the activities and now', () => {
    for (const at of [0, Date.UTC(2000, 0, 1) / 1000, Date.UTC(2024, 11, 31) / 1000, T]) {
      assert.equal(pulseOf([at], at), 1, `at ${at}`)
      assert.equal(pulseOf([at, at, at], at + 30 * DAY), 1.5, `at ${at}`)
    }
  })

  test('pulse is rounded to two decimals and never negative', () => {
    assert.equal(pulseOf([T], T + 1), 1)
    assert.equal(pulseOf([], T), 0)
    assert.equal(pulseOf([0], T), 0)
    assert.equal(pulseAt(-1e-12, T), 0)
    // Adding then removing a weight leaves a float residue, which reads as 0.
    const score = activityWeight(T) + activityWeight(T - 7) - activityWeight(T) - activityWeight(T - 7)
    assert.equal(pulseAt(score, T), 0)
    const third = pulseOf([T], T + Math.log2(3) * 30 * DAY)
    assert.equal(third, 0.33)
  })

  test('level is 0 below pulse 1, then 1, 2, 3, 4, 5 from 1, 3, 10, 30, 100', () => {
    assert.deepEqual(LEVEL_THRESHOLDS, [1, 3, 10, 30, 100])
    const cases: Array<[number, number]> = [
      [0, 0], [0.5, 0], [0.99, 0], [1, 1], [2.99, 1], [3, 2], [9.99, 2], [10, 3], [29.99, 3], [30, 4], [99.99, 4],
      [100, 5], [1e9, 5]
    ]
    for (const [pulse, level] of cases) assert.equal(levelOf(pulse), level, `pulse ${pulse}`)
  })

  test('activityWeight doubles every half-life and stays a positive finite number from 1970 to 2100', () => {
    assert.equal(activityWeight(T + 30 * DAY) / activityWeight(T), 2)
    for (const at of [0, T, Date.UTC(2100, 0, 1) / 1000]) {
      assert.ok(activityWeight(at) > 0 && Number.isFinite(activityWeight(at)), `at ${at}`)
    }
  })

  test('a batch gains each member its count, summed weights, earliest and latest activity', () => {
    const gains = gainsByMember(['a', 'b', 'a', 'a'], [T, T + DAY, T - DAY, T + 2 * DAY])
    assert.deepEqual([...gains.keys()], ['a', 'b'])
    assert.deepEqual(gains.get('a'), { n: 3, weight: activityWeight(T) + activityWeight(T - DAY) + activityWeight(T + 2 * DAY), first: T - DAY, last: T + 2 * DAY })
    assert.deepEqual(gains.get('b'), { n: 1, weight: activityWeight(T + DAY), first: T + DAY, last: T + DAY })
  })
})

describe('time', () => {
  test('isDateTime accepts RFC 3339 date-times with an offset', () => {
    for (const text of ['2024-02-29T23:59:59Z', '2024-01-01T00:00:00+02:00', '2024-01-01T00:00:00-05:30',
      '2024-01-01T00:00:00.123456789Z', '2024-01-01t00:00:00z', '1970-01-01T00:00:00Z', '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z', '2023-04-30T12:00:00Z']) {
      assert.equal(isDateTime(text), true, text)
    }
  })

  test('isDateTime rejects anything else, including dates that do not exist', () => {
    for (const text of ['', 'now', '2024-01-01', '2024-01-01T00:00:00', '2024-01-01 00:00:00Z', '2024-1-1T00:00:00Z',
      '2024-01-01T00:00Z', '2024-01-01T00:00:00+0200', '2024-01-01T00:00:00.Z', '2024-13-01T00:00:00Z',
      '2024-00-10T00:00:00Z', '2024-01-00T00:00:00Z', '2024-01-32T00:00:00Z', '2023-02-29T00:00:00Z',
      '2100-02-29T00:00:00Z', '2024-04-31T00:00:00Z', '2024-01-01T24:00:00Z', '2024-01-01T23:60:00Z',
      '2016-12-31T23:59:60Z', '2024-01-01T00:00:00+24:00', '2024-01-01T00:00:00+02:60', '+002024-01-01T00:00:00Z',
      '0000-01-01T00:00:00+01:00', '9999-12-31T23:59:59-01:00', ' 2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z\n']) {
      assert.equal(isDateTime(text), false, JSON.stringify(text))
    }
    assert.equal(isDateTime('2000-02-29T00:00:00Z'), true)
  })

  test('toEpochSeconds converts offsets to UTC and drops fractions', () => {
    assert.equal(toEpochSeconds('1970-01-01T00:00:00Z'), 0)
    assert.equal(toEpochSeconds('1970-01-01T02:00:01+02:00'), 1)
    assert.equal(toEpochSeconds('1970-01-01T00:00:01.999Z'), 1)
    assert.equal(toEpochSeconds('2024-06-01t12:00:00-01:00'), Date.UTC(2024, 5, 1, 13) / 1000)
    assert.equal(toEpochSeconds('1969-12-31T23:59:59.5Z'), -1)
  })

  test('toWireTime answers YYYY-MM-DDTHH:MM:SSZ', () => {
    assert.equal(toWireTime(0), '1970-01-01T00:00:00Z')
    assert.equal(toWireTime(1717243200), '2024-06-01T12:00:00Z')
    assert.equal(toWireTime(-1), '1969-12-31T23:59:59Z')
    assert.equal(toWireTime(toEpochSeconds('0001-01-01T00:00:00Z')), '0001-01-01T00:00:00Z')
    assert.equal(toWireTime(toEpochSeconds('9999-12-31T23:59:59.999Z')), '9999-12-31T23:59:59Z')
  })

  test('nowSeconds is the current time in whole seconds', () => {
    const before = Math.floor(Date.now() / 1000)
    const now = nowSeconds()
    assert.ok(Number.isInteger(now))
    assert.ok(now >= before && now <= Math.floor(Date.now() / 1000))
  })
})

describe('normalize', () => {
  test('uniqueInOrder keeps the first occurrence of each value, in order', () => {
    assert.deepEqual(uniqueInOrder(['b', 'a', 'b', 'c', 'a']), ['b', 'a', 'c'])
    assert.deepEqual(uniqueInOrder([]), [])
  })
})

describe('member search terms', () => {
  const member = (firstName: string | null, lastName: string | null = null, primaryEmail: string | null = null, emails: string[] = []) =>
    ({ firstName, lastName, primaryEmail, emails })

  test('names, the full name and emails, lower-cased and de-duplicated', () => {
    assert.deepEqual(searchTerms(member('Ada', 'Lovelace', 'ADA@example.com', ['ada@Example.com', 'b@c.co'])),
      { names: ['ada', 'lovelace', 'ada lovelace'], emails: ['ada@example.com', 'b@c.co'] })
    assert.deepEqual(searchTerms(member('Émile', 'ÉMILE')), { names: ['émile', 'émile émile'], emails: [] })
  })

  test('name terms keep their first 200 code points, after lower-casing, and never split a surrogate pair', () => {
    assert.equal(NAME_TERM_LENGTH, 200)
    assert.deepEqual(searchTerms(member('A'.repeat(300), 'a'.repeat(250))).names, ['a'.repeat(200)])
    assert.deepEqual(searchTerms(member('😀'.repeat(300))).names, ['😀'.repeat(200)])
    assert.deepEqual(searchTerms(member('a' + '😀'.repeat(300))).names, ['a' + '😀'.repeat(199)])
    // İ lower-cases to two code points: 150 of them are 300, of which 200 are kept (100 whole İ, the longest search).
    assert.deepEqual(searchTerms(member('İ'.repeat(150))).names, ['i\u0307'.repeat(100)])
    // A final sigma is told by what follows it, so names are lower-cased whole and cut after.
    assert.deepEqual(searchTerms(member('Σ'.repeat(199) + 'ΣΑ')).names, ['σ'.repeat(200)])
    const email = `${'x'.repeat(64)}@${'y'.repeat(250)}.com`
    assert.deepEqual(searchTerms(member(null, null, email)).emails, [email])
  })
})
