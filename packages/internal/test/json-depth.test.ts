import { describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../src/json-depth.js'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('the depth of JSON text, counted before it is parsed', () => {
  it('counts arrays and objects at and past the edge', () => {
    expect(nestedDeeperThan(bytes('[{"a":[1]}]'), 3)).toBe(false)
    expect(nestedDeeperThan(bytes('[{"a":[[1]]}]'), 3)).toBe(true)
    expect(nestedDeeperThan(bytes('[][][]'), 1)).toBe(false)
  })

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestedDeeperThan(bytes('{"a":"[[[{{{"}'), 1)).toBe(false)
    expect(nestedDeeperThan(bytes('{"a":"\\"[[[","b":"\\\\"}'), 1)).toBe(false)
    expect(nestedDeeperThan(bytes('{"a":"\\\\",  "b":[[1]]}'), 2)).toBe(true)
  })

  it('reads a string as its bytes, at and past the default limit', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false)
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(nestedDeeperThan(bytes(nested(MAX_JSON_DEPTH + 1)))).toBe(true)
    expect(nestedDeeperThan('"é{{"', 0)).toBe(false)
  })
})
