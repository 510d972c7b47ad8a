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

  // The target is 15 kB (15,360 B), the ceiling of the one-call test. The SDK imports the contract's
  // client entry (routes and tolerant answer schemas only), so the exact and request schemas and the
  // OpenAPI text stay out. Measured 14,974 and 15,271 B (raw answers, safe(), the compiled answer
  // check, error messages from any body, redaction: +1.3 kB since 13,659 and 13,930 B).
  it('a script calling one method bundles to at most 15 kB (15,360 B) min+gz (ky, zod/mini, the contract, the SDK)', async () => {
    const { code } = await bundleForBrowser(ONE_CALL)
    const size = gzipSync(code, { level: 9 }).length
    console.info(`one-call browser bundle: ${code.length} B min, ${size} B min+gz`)
    expect(size).toBeLessThanOrEqual(15_360)
  })

  it('a script importing every export of the SDK bundles to at most 15,600 B min+gz', async () => {
    const { code } = await bundleForBrowser(`export * from '@session-library/sdk'`)
    const size = gzipSync(code, { level: 9 }).length
    console.info(`every-export browser bundle: ${code.length} B min, ${size} B min+gz`)
    expect(size).toBeLessThanOrEqual(15_600)
  })
})
