import { describe, expect, inject, it } from 'vitest'
import { tscErrors } from './lib/tsc.js'

// The TypeScript releases the READMEs claim, each compiling the user's files against the packed
// declarations with `skipLibCheck: false` (fixtures/tsconfig.*.json). TypeScript 6.0, the
// workspace's, compiles the same files in consumer.test.ts. Each edge is also tested one release past it.
const consumerDir = inject('consumerDir')
const tools = inject('tools')

describe('the TypeScript range of the published declarations', () => {
  it.each([
    ['5.4 (the oldest)', 'tsconfig.bundler.json', tools.ts54],
    ['5.4 (the oldest)', 'tsconfig.nodenext-esm.json', tools.ts54],
    ['5.8', 'tsconfig.nodenext.json', tools.ts58],
    ['7.0 (native tsc)', 'tsconfig.bundler.json', tools.ts7],
    ['7.0 (native tsc)', 'tsconfig.nodenext.json', tools.ts7],
  ])('TypeScript %s compiles %s with no error in our declarations or the user’s files', async (_, tsconfig, tsc) => {
    expect(await tscErrors(tsc, consumerDir, tsconfig)).toEqual([])
  })

  it('TypeScript 5.3, one past the edge, fails on zod’s NoInfer (TS 5.4+)', async () => {
    const errors = await tscErrors(tools.ts53, consumerDir, 'tsconfig.nodenext-esm.json')
    expect(errors.some((error) => error.startsWith('node_modules/zod/') && /'NoInfer'/.test(error))).toBe(true)
  })

  it('TypeScript 5.7 cannot let CommonJS require the mock under msw 3 (ESM only; TS models require(esm) from 5.8)', async () => {
    const errors = await tscErrors(tools.ts57, consumerDir, 'tsconfig.nodenext.json')
    expect(errors.filter((error) => error.includes('TS1479'))).toEqual([
      expect.stringMatching(/^node_modules\/@session-library\/mock-server\/dist\/index\.d\.cts/),
      expect.stringMatching(/^node_modules\/@session-library\/mock-server\/dist\/node\.d\.cts/),
    ])
  })
})
