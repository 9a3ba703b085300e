import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { mergedRow } from '../../src/store/model/merge.js'
import { members } from '../../src/store/model/resources.js'
import { newRow } from '../../src/store/model/rows.js'
import type { MemberRow } from '../../src/store/model/records.js'

// What a merge makes of the kept member's emails (docs/identity.md, Merge), including what only a database written
// before emails became unique can hold: two members sharing an address, in one case or another.

const WORKSPACE = '3f2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d'
const member = (input: Record<string, unknown>): MemberRow => newRow(members, WORKSPACE, input, {}, 1_700_000_000)

describe('a merge\'s emails', () => {
  test('every address of both members stays, each once ignoring case, the kept member\'s first', () => {
    const kept = member({ primaryEmail: 'Shared@example.com', emails: ['shared@example.com', 'a@example.com'] })
    const other = member({ primaryEmail: 'SHARED@example.com', emails: ['A@example.com', 'b@example.com', 'shared@EXAMPLE.com'] })
    const row = mergedRow(kept, other, 1_700_000_060)
    assert.equal(row.primary_email, 'Shared@example.com')
    assert.deepEqual(row.emails, ['shared@example.com', 'a@example.com', 'b@example.com'])
  })

  test('the other\'s primary address joins emails unless it is, ignoring case, the kept member\'s primary one', () => {
    const kept = member({ primaryEmail: 'k@example.com' })
    assert.deepEqual(mergedRow(kept, member({ primaryEmail: 'K@Example.com' }), 1).emails, [])
    assert.deepEqual(mergedRow(kept, member({ primaryEmail: 'o@example.com' }), 1).emails, ['o@example.com'])
    // The other's emails are kept whole, its primary address among them when it held it there.
    const bare = member({ firstName: 'Ada' })
    const row = mergedRow(bare, member({ primaryEmail: 'o@example.com', emails: ['o@example.com', 'p@example.com'] }), 1)
    assert.deepEqual([row.primary_email, row.emails], ['o@example.com', ['o@example.com', 'p@example.com']])
  })
})
