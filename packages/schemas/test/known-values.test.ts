import { describe, expect, it } from 'vitest'
import { LIMITS } from '../src/index.js'

describe('LIMITS', () => {
  // The edges themselves are tested where they apply (requests and query tests); this pins the figures.
  it('D4–D17: quote every figure of DECISIONS.md', () => {
    // In the order of the table: titles, kind, tags, notes, paging, waveform notes, import, bodies, recent, health.
    const figures = [200, 64, 64, 100, 100_000, 50, 500, 2 ** 53 - 1, 2_000, 1_000, 1_000, 2 ** 20, 30, 50]
    expect(Object.values(LIMITS)).toEqual(figures)
  })
})
