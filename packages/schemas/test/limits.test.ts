import { describe, expect, it } from 'vitest'
import { LIMITS } from '../src/index.js'

describe('LIMITS', () => {
  // The edges themselves are tested where they apply (requests and query tests); this pins the figures.
  it('D4–D17: quote every figure of DECISIONS.md', () => {
    expect(LIMITS).toEqual({
      titleLength: 200,
      kindLength: 64,
      tagLength: 64,
      tagsPerSession: 100,
      notesLength: 100_000,
      listLimitDefault: 50,
      listLimitMax: 500,
      pagingMax: 9_007_199_254_740_991,
      noteTextLength: 2_000,
      notesPerLane: 1_000,
      importItems: 1_000,
      bodyBytes: 1_048_576,
      recentDaysDefault: 30,
      recentRequests: 50,
    })
  })
})
