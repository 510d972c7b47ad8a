import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// `pnpm test` builds before it tests; run `pnpm --filter @session-library/sdk build` first by hand.
const dist = (file: string) => fileURLToPath(new URL(`../dist/${file}`, import.meta.url))
const built = existsSync(dist('index.js')) && existsSync(dist('index.cjs'))

describe.skipIf(!built)('the built package', () => {
  it('loads as ESM and a client can be made from it', async () => {
    const sdk = await import(dist('index.js'))
    expect(new sdk.SessionLibrary({ token: 't' }).sessions.list).toBeTypeOf('function')
    expect(
      sdk.isApiError(new sdk.NotFoundError({ status: 404, code: 'not_found', message: 'x', body: null }, {})),
    ).toBe(true)
  })

  it('loads with require (CJS) and exports the same names', async () => {
    const esm = await import(dist('index.js'))
    const cjs = createRequire(import.meta.url)(dist('index.cjs'))
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort())
    expect(new cjs.SessionLibrary({ token: 't' }).health).toBeTypeOf('function')
  })
})
