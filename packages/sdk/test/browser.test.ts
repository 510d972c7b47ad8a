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

  // The target is 15 kB. The SDK imports the contract's client entry (routes and tolerant answer
  // schemas only), so the exact and request schemas and the OpenAPI text stay out. These ceilings sit
  // just above the measured figures (13,659 and 13,930 B) so that growth does not go unnoticed.
  it('a script calling one method bundles to at most 14,000 B min+gz (ky, zod/mini, the contract, the SDK)', async () => {
    const { code } = await bundleForBrowser(ONE_CALL)
    const size = gzipSync(code, { level: 9 }).length
    console.info(`one-call browser bundle: ${code.length} B min, ${size} B min+gz`)
    expect(size).toBeLessThanOrEqual(14_000)
  })

  it('a script importing every export of the SDK bundles to at most 14,300 B min+gz', async () => {
    const { code } = await bundleForBrowser(`export * from '@session-library/sdk'`)
    const size = gzipSync(code, { level: 9 }).length
    console.info(`every-export browser bundle: ${code.length} B min, ${size} B min+gz`)
    expect(size).toBeLessThanOrEqual(14_300)
  })
})
