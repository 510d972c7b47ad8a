import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { bundleForBrowser } from './support/bundle.js'

// A script that calls one method: what a browser tool that embeds the SDK ships.
const ONE_CALL = `
import { SessionLibrary } from '@session-library/sdk'
const client = new SessionLibrary({ token: 't' })
client.sessions.list({ limit: 1 }).then((page) => console.log(page.meta.total))
`

describe('browser', () => {
  it('a browser bundle of the SDK imports nothing from node:', async () => {
    const { metafile } = await bundleForBrowser(`export * from '@session-library/sdk'`)
    const inputs = Object.keys(metafile.inputs)
    expect(inputs.filter((input) => input.startsWith('node:'))).toEqual([])
    const imports = Object.values(metafile.inputs).flatMap((input) => input.imports.map((i) => i.path))
    expect(imports.filter((path) => path.startsWith('node:'))).toEqual([])
  })

  // Measured 25,063 and 25,435 B: the contract's client entry keeps the exact schemas out; ky loaded
  // by the first call (not at import, where it costs Node ~30 ms) costs a bundle ~650 B of wrapping,
  // the schemas built on first use rather than at import (`lazy`) ~530 B, the strict page walk
  // (PaginationError, walkPages) ~650 B, and what each operation means (verb, effects,
  // conveniences without their texts) ~200 B, redirects followed only where safe (a GET's, within its origin)
  // and named when not ~190 B.
  it('a script calling one method bundles to at most 25,100 B min+gz (ky, zod/mini, the contract, the SDK)', async () => {
    const { code } = await bundleForBrowser(ONE_CALL)
    const size = gzipSync(code, { level: 9 }).length
    console.info(`one-call browser bundle: ${code.length} B min, ${size} B min+gz`)
    expect(size).toBeLessThanOrEqual(25_100)
  })

  it('a script importing every export of the SDK bundles to at most 25,480 B min+gz', async () => {
    const { code } = await bundleForBrowser(`export * from '@session-library/sdk'`)
    const size = gzipSync(code, { level: 9 }).length
    console.info(`every-export browser bundle: ${code.length} B min, ${size} B min+gz`)
    expect(size).toBeLessThanOrEqual(25_480)
  })
})
