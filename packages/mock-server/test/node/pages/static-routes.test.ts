import { rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { API_PREFIX, createOpenApiDocument } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { bundleProgram } from '../../../../../test-support/processes.js'
import { createStaticRoutes } from '../../../src/node/pages/static-routes.js'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

const documentOf = async (serve: ReturnType<typeof createStaticRoutes>, origin: string) =>
  (await (serve(new Request(`${origin}/openapi.json`)) as Response).json()) as { servers: { url: string }[] }

describe('/openapi.json', () => {
  it('D17: names the origin each request asked as its server, and is otherwise the contract’s document', async () => {
    const serve = createStaticRoutes()
    const expected = createOpenApiDocument({ serverUrl: `http://127.0.0.1:4777${API_PREFIX}` })
    expect(await documentOf(serve, 'http://127.0.0.1:4777')).toEqual(JSON.parse(JSON.stringify(expected)))
    expect((await documentOf(serve, 'http://lib.test:8080')).servers).toEqual([
      { url: `http://lib.test:8080${API_PREFIX}` },
    ])
  })

  it('keeps nothing per origin: 10,000 Host values leave the heap where 20 did', async () => {
    const serve = createStaticRoutes()
    const size = JSON.stringify(await documentOf(serve, 'http://h.localhost:4777')).length
    const ask = async (from: number, count: number) => {
      for (let i = from; i < from + count; i += 1) {
        await (serve(new Request(`http://h${i}.localhost:4777/openapi.json`)) as Response).text()
      }
    }
    await ask(0, 20)
    const before = process.memoryUsage().heapUsed
    await ask(20, 10_000)
    // Kept, 10,000 documents would hold 10,000 × size (about 1 GB); garbage not yet collected stays far below.
    expect(size * 10_000).toBeGreaterThan(200 * 1024 * 1024)
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(100 * 1024 * 1024)
  })

  it('from a bundle of the mock’s code (no package dist/ beside it): a 500 that says where the document is read from', async () => {
    const bundled = await bundleProgram(source('../../../src/node/pages/static-routes.ts'), {
      '@session-library/schemas': source('../../../../schemas/src/index.ts'),
    })
    try {
      const { createStaticRoutes: outside } = (await import(pathToFileURL(bundled).href)) as {
        createStaticRoutes: typeof createStaticRoutes
      }
      const answer = outside()(new Request('http://127.0.0.1:4777/openapi.json')) as Response
      expect(answer.status).toBe(500)
      const { error } = (await answer.json()) as { error: { code: string; message: string } }
      expect(error.code).toBe('internal_error')
      expect(error.message).toContain('dist/openapi.json')
      expect(error.message).toContain('not from a bundle of its code')
    } finally {
      await rm(dirname(bundled), { recursive: true, force: true })
    }
  })
})
