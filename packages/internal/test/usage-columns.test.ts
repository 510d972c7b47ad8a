import { describe, expect, it } from 'vitest'
import { usageColumns } from '../src/index.js'

describe('usageColumns', () => {
  it('pads the left column to the longest cell, two spaces each side, no trailing spaces', () => {
    expect(
      usageColumns([
        ['--port <n>', 'port to listen on'],
        ['-q, --quiet', ''],
      ]),
    ).toEqual(['  --port <n>   port to listen on', '  -q, --quiet'])
  })

  it('gives nothing for no rows', () => {
    expect(usageColumns([])).toEqual([])
  })
})
