import { startServer } from '@session-library/mock-server/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AbortedError,
  type ImportProgress,
  ImportWaitTimeoutError,
  NotImplementedError,
  SessionLibrary,
} from '../../src/index.js'
import { eachMock } from '../support/mocks.js'

eachMock({}, ({ api, client }) => {
  it('imports.start: answers 202 with the import before any item runs', async () => {
    const { data, response } = await client()
      .imports.start({ items: [{ projectPath: '/sdk/imported.als' }] })
      .withResponse()
    expect(response.status).toBe(202)
    expect(data).toMatchObject({ total: 1, completed: 0, done: false, importId: expect.any(String) })
  })

  it('imports.start without the import service: a NotImplementedError', async () => {
    api().setServiceAvailable('import', false)
    const started = client().imports.start({ items: [{ projectPath: '/sdk/x.als' }] })
    await expect(started).rejects.toBeInstanceOf(NotImplementedError)
  })
})

describe('imports.startAndWait against the standalone mock', () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let client: SessionLibrary
  beforeAll(async () => {
    server = await startServer({ port: 0, sessions: 3, mode: 'full-automation', importDelay: 20 })
    client = new SessionLibrary({ token: server.api.token, baseUrl: server.url })
  })
  afterAll(() => server.close())

  it('D15: resolves with the sessions the import made, in the order of its items, reporting progress', async () => {
    const items = [{ projectPath: '/wait/b.als' }, { projectPath: '/wait/a.als' }]
    const progress: ImportProgress[] = []
    const sessions = await client.imports.startAndWait(
      { items },
      { interval: 20, timeout: 10_000, onProgress: (p) => progress.push(p) },
    )
    expect(sessions.map((session) => session.projectPath)).toEqual(['/wait/b.als', '/wait/a.als'])
    expect(progress.at(-1)).toMatchObject({ found: 2, total: 2, importId: expect.any(String) })
    expect(progress.map((p) => p.found)).toEqual([...new Set(progress.map((p) => p.found))])
  })

  it('a path a session already has counts at once (the server skips it, D15)', async () => {
    const [existing] = await client.sessions.all({ limit: 1 })
    const sessions = await client.imports.startAndWait(
      { items: [{ projectPath: existing!.projectPath }] },
      { interval: 20 },
    )
    expect(sessions.map((session) => session.id)).toEqual([existing!.id])
  })

  it('past the timeout, an ImportWaitTimeoutError with the import and the paths still missing; wait() waits again', async () => {
    const slow = await startServer({ port: 0, mode: 'full-automation', importDelay: 300 })
    try {
      const sdk = new SessionLibrary({ token: slow.api.token, baseUrl: slow.url })
      const items = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ projectPath: `/wait/${name}.als` }))
      const error = await sdk.imports.startAndWait({ items }, { timeout: 20, interval: 10 }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ImportWaitTimeoutError)
      const { importId, missing } = error as ImportWaitTimeoutError
      expect(error).toMatchObject({ code: 'import_wait_timeout', importId: expect.stringMatching(/^imp_/) })
      expect(missing.length).toBeGreaterThan(3)
      expect((error as Error).message).toBe(
        `imports.start: import ${importId} waited 20 ms; no session yet for ${missing.slice(0, 3).join(', ')} and ${missing.length - 3} more`,
      )
      const sessions = await sdk.imports.wait(importId, missing, { timeout: 10_000, interval: 20 })
      expect(sessions.map((session) => session.projectPath)).toEqual(missing)
    } finally {
      await slow.close()
    }
  })

  it('the signal stops the wait with an AbortedError', async () => {
    const slow = await startServer({ port: 0, mode: 'full-automation', importDelay: 5_000 })
    try {
      const sdk = new SessionLibrary({ token: slow.api.token, baseUrl: slow.url })
      const controller = new AbortController()
      const waiting = sdk.imports.startAndWait(
        { items: [{ projectPath: '/wait/x.als' }] },
        { signal: controller.signal, interval: 50 },
      )
      setTimeout(() => controller.abort(), 100)
      await expect(waiting).rejects.toBeInstanceOf(AbortedError)
    } finally {
      await slow.close()
    }
  })
})
