import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { ownErrors } from './lib/consumer.js'
import { tscErrors } from './lib/tsc.js'

// The type probe (fixtures/type-probe.mts), compiled by a user's
// project outside the workspace against the packed declarations, strict and `skipLibCheck: false`.
const consumerDir = inject('consumerDir')
const tools = inject('tools')
const PROBE = 'tsconfig.type-probe.json'

describe('the type probe (errors that narrow, readonly inputs), against the packed declarations', () => {
  it.each([
    ['6.0 (the workspace’s)', undefined],
    ['5.4 (the oldest claimed)', tools.ts54],
    ['7.0 (native tsc)', tools.ts7],
  ])('TypeScript %s compiles it with every expected error in place and no other', async (_, tsc) => {
    const errors = tsc ? await tscErrors(tsc, consumerDir, PROBE) : ownErrors(join(consumerDir, PROBE))
    expect(errors).toEqual([])
  })

  it('without its @ts-expect-error lines, the probe fails exactly where it says: a misspelt code, a status, params where none go', () => {
    const bare = join(consumerDir, 'type-probe-bare.mts')
    const probe = readFileSync(join(consumerDir, 'type-probe.mts'), 'utf8')
    writeFileSync(bare, probe.replaceAll(/^\s*\/\/ @ts-expect-error .*\n/gm, ''))
    const lines = readFileSync(bare, 'utf8').split('\n')
    // Each error as `TS<code> <the line it is on>`.
    const errors = ownErrors(join(consumerDir, PROBE), [bare]).map((error) => {
      const found = error.match(/^type-probe-bare\.mts\((\d+),\d+\): error (TS\d+)/)
      return found ? `${found[2]} ${lines[Number(found[1]) - 1]?.trim()}` : error
    })
    expect(errors).toEqual([
      "TS2345 return isApiError(error, 'readonly')",
      'TS2322 const notFound: 404 = r.error.status',
      "TS2322 return client.request('sessions.list', { params: { id: 'x' } })",
    ])
  })
})
