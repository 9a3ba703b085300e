import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import {
  DUPLICATE_REASONS, byStrength, duplicateReasons, foldName, fullName, identityKeys, normalizeEmail, strongestFirst,
  type DuplicateReason, type KeyMatch
} from '../../src/domain/identity.js'

const COMPANY = '8b0e6f3a-2c41-4d7e-b5a9-1f6c3d2e9a70'
const member = (fields: Partial<Parameters<typeof identityKeys>[0]>) =>
  ({ firstName: null, lastName: null, primaryEmail: null, emails: [], companyId: null, ...fields })

describe('identity keys', () => {
  test('gmail.com and googlemail.com ignore case, dots and +tags; other providers only case', () => {
    assert.equal(normalizeEmail('John.Smith+x@GMail.com'), 'johnsmith@gmail.com')
    assert.equal(normalizeEmail('j.o.h.n.smith+a+b@googlemail.com'), 'johnsmith@gmail.com')
    assert.equal(normalizeEmail('J.Doe+x@Example.org'), 'j.doe+x@example.org')
    assert.equal(normalizeEmail('john@gmail.com.example'), 'john@gmail.com.example')
    // Nothing left of the local part: the address as it is.
    assert.equal(normalizeEmail('+tag@gmail.com'), '+tag@gmail.com')
    assert.equal(normalizeEmail('...@gmail.com'), '...@gmail.com')
  })

  test('names fold case (ß is ss), accents, compatibility forms and whitespace', () => {
    assert.equal(foldName('  Zoë\t Saldaña  '), 'zoe saldana')
    assert.equal(foldName('Zoe\u0308'), 'zoe')
    assert.equal(foldName('STRAUß'), 'strauss')
    assert.equal(foldName('Ｊｏｈｎ'), 'john')
    assert.equal(foldName('İlker'), 'ilker')
    assert.equal(fullName({ firstName: 'Ada', lastName: null }), undefined)
    assert.equal(fullName({ firstName: 'Ada', lastName: ' \u0301 ' }), undefined)
    assert.equal(fullName({ firstName: 'Mary Ann', lastName: 'Smith' }), fullName({ firstName: 'Mary', lastName: 'Ann Smith' }))
  })

  test('a member\'s keys: each email once, its full name, and with its company', () => {
    assert.deepEqual(identityKeys(member({ primaryEmail: 'A.da@gmail.com', emails: ['ada@gmail.com', 'Ada@Example.org'], firstName: 'Ada' })), [
      { kind: 'email', key: 'ada@gmail.com' }, { kind: 'email', key: 'ada@example.org' }
    ])
    assert.deepEqual(identityKeys(member({ firstName: 'Ada', lastName: 'Lovelace', companyId: COMPANY })), [
      { kind: 'name', key: 'ada lovelace' }, { kind: 'nameAndCompany', key: `${COMPANY} ada lovelace` }
    ])
  })

  test('a name past 200 characters is kept as its SHA-256, whole: two long names differing at the end differ', () => {
    const long = 'a'.repeat(300)
    const [name, withCompany] = identityKeys(member({ firstName: long, lastName: 'x', companyId: COMPANY }))
    assert.match(name!.key, /^sha256:[0-9a-f]{64}$/)
    assert.equal(withCompany!.key, `${COMPANY} ${name!.key}`)
    assert.notEqual(identityKeys(member({ firstName: long, lastName: 'y' }))[0]!.key, name!.key)
    assert.equal(identityKeys(member({ firstName: long.toUpperCase(), lastName: 'X' }))[0]!.key, name!.key)
  })

  test('reasons: in order, nameAndCompany instead of name', () => {
    const mine = identityKeys(member({ firstName: 'Ada', lastName: 'Lovelace', primaryEmail: 'ada@gmail.com', companyId: COMPANY }))
    assert.deepEqual(duplicateReasons(mine, identityKeys(member({ firstName: 'ADA', lastName: 'lovelace', emails: ['a.da@gmail.com'], companyId: COMPANY }))),
      ['email', 'nameAndCompany'])
    assert.deepEqual(duplicateReasons(mine, identityKeys(member({ firstName: 'Ada', lastName: 'Lovelace' }))), ['name'])
    assert.deepEqual(duplicateReasons(mine, identityKeys(member({ firstName: 'Ada' }))), [])
  })
})

describe('strongestFirst', () => {
  // Each key's matches cut at `limit` (as the index read gives them) pick the same members as the whole ranking.
  test('is exact when each key\'s matches are its first `limit` in createdAt desc, id desc order', () => {
    const memberArb = fc.record({ id: fc.uuid(), createdAt: fc.integer({ min: 0, max: 5 }) })
    const keyArb = fc.record({ kind: fc.constantFrom(...DUPLICATE_REASONS), members: fc.uniqueArray(fc.nat(30), { maxLength: 20 }) })
    fc.assert(fc.property(fc.uniqueArray(memberArb, { minLength: 31, maxLength: 31, selector: (m) => m.id }), fc.array(keyArb, { maxLength: 6 }),
      fc.integer({ min: 1, max: 8 }), (members, keys, limit) => {
        const all: KeyMatch[] = keys.flatMap(({ kind, members: ns }) => ns.map((n) => ({ memberId: members[n]!.id, createdAt: members[n]!.createdAt, kind })))
        const cut = keys.flatMap(({ kind, members: ns }) => ns.map((n) => ({ memberId: members[n]!.id, createdAt: members[n]!.createdAt, kind }))
          .sort((a, b) => byStrength({ strongest: kind, createdAt: a.createdAt, id: a.memberId }, { strongest: kind, createdAt: b.createdAt, id: b.memberId }))
          .slice(0, limit))
        assert.deepEqual(strongestFirst(cut, limit), strongestFirst(all, limit))
        // And the whole ranking is by the strongest reason, then createdAt desc, id desc.
        const strongest = new Map<string, DuplicateReason>()
        for (const match of all) {
          const seen = strongest.get(match.memberId)
          if (seen === undefined || DUPLICATE_REASONS.indexOf(match.kind) < DUPLICATE_REASONS.indexOf(seen)) strongest.set(match.memberId, match.kind)
        }
        const expected = [...strongest].map(([id, reason]) => ({ id, reason, createdAt: members.find((m) => m.id === id)!.createdAt }))
          .sort((a, b) => DUPLICATE_REASONS.indexOf(a.reason) - DUPLICATE_REASONS.indexOf(b.reason) || b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
          .slice(0, limit).map(({ id }) => id)
        assert.deepEqual(strongestFirst(all, limit), expected)
      }))
  })
})
