import { describe, expect, it } from 'vitest'
import { nestedDeeperThan } from '../../../src/node/proxy/forward.js'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('D20: the depth of an answer, counted before it is parsed', () => {
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
})
