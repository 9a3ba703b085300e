import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import Fastify from 'fastify'
import { learnRouteWords, loggedUrl } from '../../src/http/plugins/request-log.js'

// The URL of a request's log line (src/http/plugins/request-log.ts, docs/security.md): route words, ids and a few
// query values that cannot name anyone are kept; everything else is [redacted], however it is encoded.

const ID = '01a22266-4d37-718d-bf82-8a7047f31487'

describe('the logged URL', async () => {
  const app = Fastify()
  learnRouteWords(app)
  app.get('/v1/members/:id/merge', async () => ({}))
  app.get('/v1/activities', async () => ({}))
  await app.ready()

  test('keeps route words and ids, redacts any other path segment', () => {
    assert.equal(loggedUrl(`/v1/members/${ID}/merge`), `/v1/members/${ID}/merge`)
    assert.equal(loggedUrl(`/v1/members/${ID.toUpperCase()}`), `/v1/members/${ID.toUpperCase()}`)
    assert.equal(loggedUrl('/v1/members/ada@example.com'), '/v1/members/[redacted]')
    assert.equal(loggedUrl('/v1/members/ada%40example.com/merge'), '/v1/members/[redacted]/merge')
    assert.equal(loggedUrl('/v1/people/Lovelace/'), '/v1/[redacted]/[redacted]/')
  })

  test('keeps the values of paging, ids, instants and sort orders when they have that shape', () => {
    const kept = `/v1/activities?page=2&pageSize=100&memberId=${ID}&channelId=${ID}&since=2026-01-31T09:30:00Z&until=2026-01-31T10:30:00.5%2B01:00&sort=-pulse&minLevel=3`
    assert.equal(loggedUrl(kept), kept)
    assert.equal(loggedUrl(`/v1/activities?activeSince=2026-01-31&activeUntil=2026-01-31t10:30:00z&tag=${ID}`), `/v1/activities?activeSince=2026-01-31&activeUntil=2026-01-31t10:30:00z&tag=${ID}`)
    // A '+' is a space to the query parser, so this is no instant to the service either.
    assert.equal(loggedUrl('/v1/activities?until=2026-01-31T10:30:00+01:00'), '/v1/activities?until=[redacted]')
    // Of another shape, redacted: a kept name does not make any value safe.
    assert.equal(loggedUrl('/v1/activities?page=Ada&sort=Lovelace&memberId=ada%40example.com&since=%2B44%2020%207946'),
      '/v1/activities?page=[redacted]&sort=[redacted]&memberId=[redacted]&since=[redacted]')
    assert.equal(loggedUrl('/v1/activities?page=%E0'), '/v1/activities?page=[redacted]')
  })

  test('redacts every other value, plain, percent- or +-encoded, credentials and unknown parameters included', () => {
    for (const name of ['q', 'email', 'domain', 'externalId', 'source', 'activityTypeKey', 'phone', 'passwd', 'session', 'sig', 'code', 'access_token', 'x']) {
      for (const value of ['ada@example.com', 'ada%40example.com', 'Ada+Lovelace', '%41%64%61', '']) {
        assert.equal(loggedUrl(`/v1/activities?${name}=${value}&page=1`), `/v1/activities?${name}=[redacted]&page=1`)
      }
    }
    // A name spelled with escapes is judged by what it decodes to; as sent in the log.
    assert.equal(loggedUrl('/v1/activities?pa%67e=2&%65mail=ada'), '/v1/activities?pa%67e=2&%65mail=[redacted]')
    assert.equal(loggedUrl('/v1/activities?page=1&page=ada'), '/v1/activities?page=1&page=[redacted]')
    assert.equal(loggedUrl('/v1/activities?email=a=b&q'), '/v1/activities?email=[redacted]&q')
  })
})
