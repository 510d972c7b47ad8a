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

  // The target was 15 kB (15,360 B) on ky 1; ky 2 alone is 8,876 B min+gz against ky 1's 5,056 B
  // (+3.8 kB, measured with esbuild), so the ceilings moved by that much: 19,300 and 19,600 B
  // (measured 18,908 and 19,192 B). Issue 22/23's round added 2.2 kB (measured 21,167 and 21,514 B
  // after the merge): the import wait, page methods and all().safe(), the bounded body reader, the
  // token mask for error answers, the network cause, log levels and error names; the constructor
  // builds every group, so a one-method script carries them all. Issue 19's clean-up took off what
  // the client does not run (the contracts' expansion, a second JSON reader and field path, a
  // hand-made chunk join): measured 21,129 and 21,469 B. The audit's fixes (session 4) added 245 B:
  // NoNextPageError (nextPage() rejects, in the .safe() union), the one rule for secret headers
  // shared with the mock, a network cause without a code: measured 21,372 and 21,721 B; the
  // ceilings are those plus 1 %.
  // The SDK imports the contract's client entry (routes and tolerant answer schemas only), so the
  // exact and request schemas and the OpenAPI text stay out.
  it('a script calling one method bundles to at most 21,600 B min+gz (ky, zod/mini, the contract, the SDK)', async () => {
    const { code } = await bundleForBrowser(ONE_CALL)
    const size = gzipSync(code, { level: 9 }).length
    console.info(`one-call browser bundle: ${code.length} B min, ${size} B min+gz`)
    expect(size).toBeLessThanOrEqual(21_600)
  })

  it('a script importing every export of the SDK bundles to at most 21,940 B min+gz', async () => {
    const { code } = await bundleForBrowser(`export * from '@session-library/sdk'`)
    const size = gzipSync(code, { level: 9 }).length
    console.info(`every-export browser bundle: ${code.length} B min, ${size} B min+gz`)
    expect(size).toBeLessThanOrEqual(21_940)
  })
})
