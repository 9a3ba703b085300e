import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { MAX_BODY_DEPTH, nestsDeeperThan } from '../../src/http/plugins/validation.js'

// How deep a JSON body nests, counted on its text before it is parsed (src/http/plugins/validation.ts).

/** The depth of a parsed value: the arrays and objects on its longest path (a scalar: 0). */
function depthOf (value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0
  return 1 + Math.max(0, ...(Array.isArray(value) ? value : Object.values(value)).map(depthOf))
}

const deeper = (text: string, max: number) => nestsDeeperThan(Buffer.from(text), max)

describe('the depth of a JSON body', () => {
  test('counts arrays and objects, the body being level 1', () => {
    assert.equal(deeper('1', 0), false)
    assert.equal(deeper('{}', 0), true)
    assert.equal(deeper('{}', 1), false)
    assert.equal(deeper('{"a":[{"b":[]}],"c":{}}', 4), false)
    assert.equal(deeper('{"a":[{"b":[]}],"c":{}}', 3), true)
    assert.equal(deeper('['.repeat(MAX_BODY_DEPTH) + ']'.repeat(MAX_BODY_DEPTH), MAX_BODY_DEPTH), false)
    assert.equal(deeper('['.repeat(MAX_BODY_DEPTH + 1) + ']'.repeat(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH), true)
  })

  test('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    assert.equal(deeper(JSON.stringify({ a: '[[[[{{{{' }), 1), false)
    assert.equal(deeper(JSON.stringify({ a: 'say "[[[[" and \\', b: '\\"[[[' }), 1), false)
    assert.equal(deeper(JSON.stringify({ a: '\\' }) + '', 1), false)
    assert.equal(deeper(JSON.stringify([['\\\\"[', 'é[ü{'], '𝄞']), 2), false)
    assert.equal(deeper(JSON.stringify([['\\\\"[', 'é[ü{'], ['𝄞']]), 1), true)
    // An unterminated string ends the count (the parser refuses the text).
    assert.equal(deeper('["[[[[', 1), false)
  })

  test('a million levels are counted without recursion, and refused at the first level too many', () => {
    assert.equal(deeper('['.repeat(1_000_000) + ']'.repeat(1_000_000), MAX_BODY_DEPTH), true)
    assert.equal(deeper('{"a":'.repeat(1_000_000), MAX_BODY_DEPTH), true)
  })

  test('agrees with the depth of the parsed value for any JSON', () => {
    // Strings of quotes, backslashes and brackets, as well as any text.
    const units = fc.oneof(fc.constantFrom('"', '\\', '[', ']', '{', '}', 'é'), fc.string({ unit: 'binary', maxLength: 1 }))
    const json = fc.oneof(fc.json({ maxDepth: 6 }), fc.json({ maxDepth: 6, stringUnit: units }))
    fc.assert(fc.property(json, fc.nat(8), (text, max) => {
      assert.equal(deeper(text, max), depthOf(JSON.parse(text)) > max)
    }), { numRuns: 2000 })
  })
})
