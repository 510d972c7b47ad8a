import { describe, expect, it } from 'vitest'
import { ImportWaitTimeoutError } from '../../src/index.js'

const request = {
  operation: 'imports.start',
  method: 'POST',
  path: '/api/v1/import',
  url: 'http://x/api/v1/import',
} as const
const paths = (count: number) => Array.from({ length: count }, (_, i) => `/music/${i}.als`)

describe('ImportWaitTimeoutError: a short message, the paths as data', () => {
  it('three missing paths are all named; a fourth is counted, not named', () => {
    const three = new ImportWaitTimeoutError('imp_1', paths(3), 500, request)
    expect(three.message).toBe(
      'imports.start: import imp_1 waited 500 ms; no session yet for /music/0.als, /music/1.als, /music/2.als',
    )
    const four = new ImportWaitTimeoutError('imp_1', paths(4), 500, request)
    expect(four.message).toMatch(/\/music\/2\.als and 1 more$/)
    expect(four.missing).toEqual(paths(4))
  })

  it('382 missing paths stay a one-line message; every path is in missing', () => {
    const error = new ImportWaitTimeoutError('imp_2', paths(382), 300_000, request)
    expect(error.message).toMatch(/ and 379 more$/)
    expect(error.message.length).toBeLessThan(200)
    expect(error).toMatchObject({ name: 'ImportWaitTimeoutError', code: 'import_wait_timeout', importId: 'imp_2' })
    expect(error.missing).toHaveLength(382)
  })
})
