import { describe, expect, it } from 'vitest'
import { hash32, seededRandom } from '../primitives/random.js'
import { repeatedKeys } from './repeated-keys.js'

const repeatsOf = (keys: string[]) => repeatedKeys(keys.length, (at) => keys[at] as string)

describe('repeatedKeys: each key held again, with its first holder', () => {
  it('names each later holder of a key and the first one, in index order; none for unique keys', () => {
    expect(repeatsOf([])).toEqual([])
    expect(repeatsOf(['a', 'b', 'c'])).toEqual([])
    expect(repeatsOf(['a', 'b', 'a', 'c', 'b', 'a'])).toEqual([
      [2, 0],
      [4, 1],
      [5, 0],
    ])
    expect(repeatsOf(['', ''])).toEqual([[1, 0]])
  })

  it('finds the same repeats as a Map among 20,000 keys of which some are held twice', () => {
    const next = seededRandom(7)
    const keys = Array.from({ length: 20_000 }, () => `ses_${Math.floor(next() * 15_000).toString(36)}`)
    const first = new Map<string, number>()
    const expected: [number, number][] = []
    keys.forEach((key, at) => {
      const held = first.get(key)
      if (held === undefined) first.set(key, at)
      else expected.push([at, held])
    })
    expect(expected.length).toBeGreaterThan(1_000)
    expect(repeatsOf(keys)).toEqual(expected)
  })

  it('stays right when every key lands in the same slot (a file made to collide)', () => {
    // 300 distinct keys whose hashes agree in their low 10 bits: one slot of the 1,024 the table has.
    const keys: string[] = []
    for (let n = 0; keys.length < 300; n++) if ((hash32(`k${n}`) & 1023) === 0) keys.push(`k${n}`)
    keys.push(keys[0] as string, keys[299] as string)
    expect(repeatsOf(keys)).toEqual([
      [300, 0],
      [301, 299],
    ])
  })
})
