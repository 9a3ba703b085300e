import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  DAY_SECONDS, DEFAULT_LEVEL_THRESHOLDS, DEFAULT_POINTS, dayOf, engagementOf, inWindow, leavesWindowAt, LEVELS, levelOf,
  minPulseForLevel, pointsOf, thresholdsProblem, WINDOW_DAYS, WINDOW_SECONDS, windowAt, type Points, type TypeContribution
} from '../../src/domain/engagement.js'
import { NAME_TERM_LENGTH, searchTerms } from '../../src/domain/members.js'
import { uniqueInOrder } from '../../src/domain/normalize.js'
import { isDateTime, nowSeconds, toEpochSeconds, toWireTime } from '../../src/domain/time.js'

const DAY = 24 * 3600
const NOW = Date.UTC(2026, 2, 1, 12) / 1000 // 2026-03-01T12:00:00Z
const at = (text: string) => toEpochSeconds(text)
const contribution = (key: string, activities: number, points: number): TypeContribution =>
  ({ activityTypeId: `id-${key}`, activityTypeKey: key, activities, points })

describe('engagement: the window', () => {
  test('is the 90 days up to now: 7,776,000 seconds', () => {
    assert.equal(WINDOW_DAYS, 90)
    assert.equal(DAY_SECONDS, DAY)
    assert.equal(WINDOW_SECONDS, 90 * DAY)
    assert.deepEqual(windowAt(NOW), { start: at('2025-12-01T12:00:00Z'), end: NOW })
  })

  test('an activity created exactly 90 days ago is out, one second later is in, now is in', () => {
    assert.equal(inWindow(NOW - 90 * DAY, NOW), false)
    assert.equal(inWindow(at('2025-12-01T12:00:00Z'), NOW), false)
    assert.equal(inWindow(NOW - 90 * DAY + 1, NOW), true)
    assert.equal(inWindow(at('2025-12-01T12:00:01Z'), NOW), true)
    assert.equal(inWindow(NOW, NOW), true)
    assert.equal(inWindow(NOW - 1, NOW), true)
    assert.equal(inWindow(NOW - 91 * DAY, NOW), false)
    assert.equal(inWindow(0, NOW), false)
  })

  test('a later activity (after now) is not in the window', () => {
    assert.equal(inWindow(NOW + 1, NOW), false)
  })

  test('an activity counts from the second it is created until the second before it turns 90 days old', () => {
    const created = at('2026-01-10T09:00:00Z')
    assert.equal(leavesWindowAt(created), at('2026-04-10T09:00:00Z'))
    assert.equal(inWindow(created, created), true)
    assert.equal(inWindow(created, leavesWindowAt(created) - 1), true)
    assert.equal(inWindow(created, leavesWindowAt(created)), false)
  })

  test('dayOf is the UTC day: midnight starts a day, the second before it ends the previous one', () => {
    assert.equal(dayOf(0), 0)
    assert.equal(dayOf(DAY - 1), 0)
    assert.equal(dayOf(DAY), 1)
    assert.equal(dayOf(at('2026-03-01T00:00:00Z')), Date.UTC(2026, 2, 1) / 1000 / DAY)
    assert.equal(dayOf(at('2026-02-28T23:59:59Z')), Date.UTC(2026, 2, 1) / 1000 / DAY - 1)
    // The window's first day is only partly in it: 90 full days after it, 91 days touched in all.
    const { start, end } = windowAt(NOW)
    assert.equal(dayOf(end) - dayOf(start), 90)
  })
})

describe('engagement: points', () => {
  const message: Points = { points: 6, channelPoints: [{ channelId: 'random', points: 2 }, { channelId: 'quiet', points: 0 }] }

  test('an activity gives its type\'s points, or its channel\'s override for the type', () => {
    assert.equal(pointsOf(message, 'help'), 6)
    assert.equal(pointsOf(message, 'random'), 2)
    assert.equal(pointsOf(message, 'quiet'), 0, 'an override of 0 is an override, not a missing one')
    assert.equal(pointsOf(message, null), 6, 'an activity without a channel gives the type\'s points')
  })

  test('a type without overrides gives its points everywhere; a new type gives 1', () => {
    assert.equal(DEFAULT_POINTS, 1)
    const reaction: Points = { points: DEFAULT_POINTS, channelPoints: [] }
    assert.equal(pointsOf(reaction, 'help'), 1)
    assert.equal(pointsOf(reaction, null), 1)
    assert.equal(pointsOf({ points: 0, channelPoints: [] }, 'help'), 0)
    assert.equal(pointsOf({ points: 0, channelPoints: [{ channelId: 'help', points: 100 }] }, 'help'), 100)
  })
})

describe('engagement: levels', () => {
  test('the default thresholds are 1, 5, 10, 20, 40, 80, 150, 250, 400, 600, 900, 1300: 12 levels', () => {
    assert.deepEqual(DEFAULT_LEVEL_THRESHOLDS, [1, 5, 10, 20, 40, 80, 150, 250, 400, 600, 900, 1300])
    assert.equal(LEVELS, 12)
  })

  test('level n from the nth threshold on, at, below and above every default threshold', () => {
    assert.equal(levelOf(0, DEFAULT_LEVEL_THRESHOLDS), 0)
    DEFAULT_LEVEL_THRESHOLDS.forEach((threshold, i) => {
      assert.equal(levelOf(threshold - 1, DEFAULT_LEVEL_THRESHOLDS), i, `pulse ${threshold - 1}`)
      assert.equal(levelOf(threshold, DEFAULT_LEVEL_THRESHOLDS), i + 1, `pulse ${threshold}`)
      assert.equal(levelOf(threshold + 1, DEFAULT_LEVEL_THRESHOLDS), i + 1, `pulse ${threshold + 1}`)
    })
    const cases: Array<[number, number]> = [[0, 0], [1, 1], [4, 1], [5, 2], [9, 2], [10, 3], [19, 3], [20, 4], [22, 4], [39, 4],
      [40, 5], [79, 5], [80, 6], [149, 6], [150, 7], [249, 7], [250, 8], [399, 8], [400, 9], [599, 9], [600, 10],
      [899, 10], [900, 11], [1299, 11], [1300, 12], [1301, 12], [1_000_000, 12]]
    for (const [pulse, level] of cases) assert.equal(levelOf(pulse, DEFAULT_LEVEL_THRESHOLDS), level, `pulse ${pulse}`)
  })

  test('a workspace\'s own thresholds', () => {
    const custom = [3, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 1_000_000]
    const cases: Array<[number, number]> = [[0, 0], [2, 0], [3, 1], [6, 1], [7, 2], [12, 3], [13, 4], [40, 10], [41, 11],
      [999_999, 11], [1_000_000, 12], [2_000_000, 12]]
    for (const [pulse, level] of cases) assert.equal(levelOf(pulse, custom), level, `pulse ${pulse}`)
    // Consecutive thresholds: one more point is one more level.
    const tight = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    for (let pulse = 0; pulse <= 13; pulse++) assert.equal(levelOf(pulse, tight), Math.min(pulse, 12), `pulse ${pulse}`)
  })

  test('minPulseForLevel is the threshold of the level; level 0 needs no pulse', () => {
    assert.equal(minPulseForLevel(0, DEFAULT_LEVEL_THRESHOLDS), undefined)
    DEFAULT_LEVEL_THRESHOLDS.forEach((threshold, i) => assert.equal(minPulseForLevel(i + 1, DEFAULT_LEVEL_THRESHOLDS), threshold))
    assert.equal(minPulseForLevel(4, [3, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 1_000_000]), 13)
    assert.equal(minPulseForLevel(12, [3, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 1_000_000]), 1_000_000)
  })

  test('minPulseForLevel and levelOf agree: level >= n exactly when pulse >= minPulseForLevel(n)', () => {
    for (const thresholds of [DEFAULT_LEVEL_THRESHOLDS, [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24]]) {
      for (let level = 1; level <= LEVELS; level++) {
        const least = minPulseForLevel(level, thresholds)!
        assert.ok(levelOf(least, thresholds) >= level)
        assert.ok(levelOf(least - 1, thresholds) < level)
      }
    }
  })

  test('thresholdsProblem accepts exactly 12 strictly ascending integers from 1 up', () => {
    assert.equal(thresholdsProblem(DEFAULT_LEVEL_THRESHOLDS), undefined)
    assert.equal(thresholdsProblem([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), undefined)
    assert.equal(thresholdsProblem([5, 50, 500, 5000, 50_000, 500_000, 5e6, 5e7, 1e8, 2e8, 5e8, 1e9]), undefined)
  })

  test('thresholdsProblem names what is wrong', () => {
    const defaults = [...DEFAULT_LEVEL_THRESHOLDS]
    assert.equal(thresholdsProblem(defaults.slice(0, 11)), 'must hold exactly 12 thresholds')
    assert.equal(thresholdsProblem([...defaults, 2000]), 'must hold exactly 12 thresholds')
    assert.equal(thresholdsProblem([]), 'must hold exactly 12 thresholds')
    assert.equal(thresholdsProblem([0, ...defaults.slice(1)]), 'must start at 1 or above')
    assert.equal(thresholdsProblem([-5, ...defaults.slice(1)]), 'must start at 1 or above')
    assert.equal(thresholdsProblem([1, 5, 10, 10, 40, 80, 150, 250, 400, 600, 900, 1300]), 'must be strictly ascending', 'equal neighbours')
    assert.equal(thresholdsProblem([1, 5, 10, 20, 40, 80, 150, 250, 400, 600, 1300, 1300]), 'must be strictly ascending', 'equal last two')
    assert.equal(thresholdsProblem([1, 5, 10, 20, 40, 30, 150, 250, 400, 600, 900, 1300]), 'must be strictly ascending', 'one step down')
    assert.equal(thresholdsProblem([...defaults].reverse()), 'must be strictly ascending', 'descending')
    assert.equal(thresholdsProblem([1, 5, 10.5, 20, 40, 80, 150, 250, 400, 600, 900, 1300]), 'must be integers')
    assert.equal(thresholdsProblem([1, 5, 10, 20, 40, 80, 150, 250, 400, 600, 900, Infinity]), 'must be integers')
  })
})

describe('engagement: a member\'s engagement', () => {
  test('breakdown by points descending, then key (code unit order); types without activity in the window dropped', () => {
    const engagement = engagementOf('m1', [
      contribution('reaction', 3, 3), contribution('message', 3, 14), contribution('gone', 0, 0), contribution('reply', 1, 5),
      contribution('zz', 2, 5), contribution('aa', 1, 5), contribution('a_b', 1, 5), contribution('a-b', 1, 5), contribution('a:b', 1, 5)
    ], false, DEFAULT_LEVEL_THRESHOLDS, NOW)
    assert.deepEqual(engagement.breakdown.map((entry) => entry.activityTypeKey), ['message', 'a-b', 'a:b', 'a_b', 'aa', 'reply', 'zz', 'reaction'])
    assert.equal(engagement.pulse, 14 + 5 * 6 + 3)
  })

  test('a type whose activities give 0 points stays in the breakdown, last', () => {
    const engagement = engagementOf('m1', [contribution('lurk', 4, 0), contribution('post', 1, 1)], false, DEFAULT_LEVEL_THRESHOLDS, NOW)
    assert.deepEqual(engagement.breakdown, [contribution('post', 1, 1), contribution('lurk', 4, 0)])
    assert.equal(engagement.pulse, 1)
    assert.equal(engagement.level, 1)
  })

  test('pulse is the sum of the breakdown\'s points, level its tier on the given thresholds, the window the 90 days to now', () => {
    const contributions = [contribution('message', 3, 14), contribution('reply', 1, 5), contribution('reaction', 3, 3)]
    assert.deepEqual(engagementOf('m1', contributions, false, DEFAULT_LEVEL_THRESHOLDS, NOW), {
      memberId: 'm1',
      pulse: 22,
      level: 4,
      excluded: false,
      windowStart: at('2025-12-01T12:00:00Z'),
      windowEnd: NOW,
      breakdown: contributions
    })
    const custom = [10, 25, 50, 100, 200, 300, 400, 500, 600, 700, 800, 900]
    assert.equal(engagementOf('m1', contributions, false, custom, NOW).level, 1)
  })

  test('an excluded member has pulse 0 and level 0, and keeps its breakdown', () => {
    const contributions = [contribution('message', 3, 14), contribution('reply', 1, 5)]
    assert.deepEqual(engagementOf('m1', contributions, true, DEFAULT_LEVEL_THRESHOLDS, NOW), {
      memberId: 'm1',
      pulse: 0,
      level: 0,
      excluded: true,
      windowStart: at('2025-12-01T12:00:00Z'),
      windowEnd: NOW,
      breakdown: contributions
    })
  })

  test('no activity: pulse 0, level 0, an empty breakdown', () => {
    assert.deepEqual(engagementOf('m1', [], false, DEFAULT_LEVEL_THRESHOLDS, NOW),
      { memberId: 'm1', pulse: 0, level: 0, excluded: false, windowStart: NOW - 90 * DAY, windowEnd: NOW, breakdown: [] })
    assert.deepEqual(engagementOf('m1', [contribution('old', 0, 0)], false, DEFAULT_LEVEL_THRESHOLDS, NOW).breakdown, [])
  })

  test('the caller\'s contributions are left as they were', () => {
    const contributions = [contribution('a', 1, 1), contribution('b', 1, 2), contribution('c', 0, 0)]
    const copy = structuredClone(contributions)
    engagementOf('m1', contributions, false, DEFAULT_LEVEL_THRESHOLDS, NOW)
    assert.deepEqual(contributions, copy)
  })
})

// The worked example of docs/engagement.md, computed from the activities with the model's functions.
describe('engagement: the worked example of docs/engagement.md', () => {
  const types: Record<string, Points> = {
    message: { points: 6, channelPoints: [{ channelId: 'random', points: 2 }] },
    reply: { points: 5, channelPoints: [] },
    reaction: { points: 1, channelPoints: [] }
  }
  const activities: Array<[string, string, string]> = [
    ['2025-11-20T10:00:00Z', 'message', 'help'],
    ['2025-12-01T12:00:00Z', 'message', 'help'],
    ['2025-12-01T18:30:00Z', 'reaction', 'random'],
    ['2026-01-10T09:00:00Z', 'message', 'help'],
    ['2026-02-15T14:00:00Z', 'reply', 'help'],
    ['2026-02-20T08:00:00Z', 'message', 'help'],
    ['2026-02-25T16:00:00Z', 'message', 'random'],
    ['2026-02-27T11:00:00Z', 'reaction', 'help'],
    ['2026-02-28T20:00:00Z', 'reaction', 'help']
  ]
  const explain = (now: number, excluded = false, thresholds = DEFAULT_LEVEL_THRESHOLDS, points = types) => {
    const byType = new Map<string, TypeContribution>()
    for (const [createdAt, key, channel] of activities) {
      if (!inWindow(at(createdAt), now)) continue
      const entry = byType.get(key) ?? contribution(key, 0, 0)
      entry.activities++
      entry.points += pointsOf(points[key]!, channel)
      byType.set(key, entry)
    }
    return engagementOf('ada', [...byType.values()], excluded, thresholds, now)
  }

  test('at 2026-03-01T12:00:00Z: pulse 22, level 4; message 3 for 14, reply 1 for 5, reaction 3 for 3', () => {
    assert.deepEqual(explain(NOW), {
      memberId: 'ada',
      pulse: 22,
      level: 4,
      excluded: false,
      windowStart: at('2025-12-01T12:00:00Z'),
      windowEnd: NOW,
      breakdown: [contribution('message', 3, 14), contribution('reply', 1, 5), contribution('reaction', 3, 3)]
    })
  })

  test('the stored pulse holds until the earliest counted activity leaves: 22 until 18:29:59, 21 from 18:30:00', () => {
    const until = leavesWindowAt(at('2025-12-01T18:30:00Z'))
    assert.equal(until, at('2026-03-01T18:30:00Z'))
    assert.equal(explain(until - 1).pulse, 22)
    assert.equal(explain(until).pulse, 21)
    assert.equal(explain(until).level, 4)
    // The next one to leave is the message of 2026-01-10: 6 points less, level 3.
    assert.equal(explain(at('2026-04-10T08:59:59Z')).pulse, 21)
    assert.equal(explain(at('2026-04-10T09:00:00Z')).pulse, 15)
    assert.equal(explain(at('2026-04-10T09:00:00Z')).level, 3)
    // 90 days after the last one, nothing counts.
    assert.equal(explain(at('2026-05-29T20:00:00Z')).pulse, 0)
    assert.equal(explain(at('2026-05-29T19:59:59Z')).pulse, 1)
  })

  test('new points: reactions at 2 give 25; the #random override removed gives 26', () => {
    assert.equal(explain(NOW, false, DEFAULT_LEVEL_THRESHOLDS, { ...types, reaction: { points: 2, channelPoints: [] } }).pulse, 25)
    assert.equal(explain(NOW, false, DEFAULT_LEVEL_THRESHOLDS, { ...types, message: { points: 6, channelPoints: [] } }).pulse, 26)
  })

  test('other thresholds change the level, not the pulse; excluded, pulse and level are 0 and the breakdown stays', () => {
    const custom = [10, 25, 50, 100, 200, 300, 400, 500, 600, 700, 800, 900]
    assert.equal(explain(NOW, false, custom).pulse, 22)
    assert.equal(explain(NOW, false, custom).level, 1)
    const excluded = explain(NOW, true)
    assert.equal(excluded.pulse, 0)
    assert.equal(excluded.level, 0)
    assert.deepEqual(excluded.breakdown, explain(NOW).breakdown)
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
