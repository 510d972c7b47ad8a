import { describe, expect, it } from 'vitest'
import { operations } from '../src/index.js'

describe('endpoint table', () => {
  it('holds the 18 operations of SPEC §4.1, without GET waveform-notes', () => {
    expect(operations).toHaveLength(18)
    expect(operations.some((op) => op.method === 'GET' && op.path.endsWith('/waveform-notes'))).toBe(false)
  })
})
