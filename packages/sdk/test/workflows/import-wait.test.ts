import { startServer } from '@session-library/mock-server/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AbortedError,
  type ImportProgress,
  type Session,
  SessionLibrary,
  TimeoutError,
  waitForImportedSessions,
} from '../../src/index.js'

let server: Awaited<ReturnType<typeof startServer>>
let client: SessionLibrary

beforeAll(async () => {
  server = await startServer({ port: 0, sessions: 3, mode: 'full-automation', importDelay: 20 })
  client = new SessionLibrary({ token: server.api.token, baseUrl: server.url })
})
afterAll(() => server.close())

describe('imports.startAndWait against the standalone mock (issue 22.5)', () => {
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

  it('past the timeout, a TimeoutError that names the paths still missing', async () => {
    const slow = await startServer({ port: 0, mode: 'full-automation', importDelay: 5_000 })
    try {
      const sdk = new SessionLibrary({ token: slow.api.token, baseUrl: slow.url })
      const error = await sdk.imports
        .startAndWait({ items: [{ projectPath: '/wait/slow.als' }] }, { timeout: 100, interval: 20 })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(TimeoutError)
      expect((error as Error).message).toBe('imports.start: waited 100 ms; no session yet for /wait/slow.als')
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

describe('waitForImportedSessions, the one waiting rule (issue 22.5, D15)', () => {
  const failures = {
    timedOut: (ms: number, missing: readonly string[]) => new Error(`timed out after ${ms}: ${missing.join(',')}`),
    aborted: (reason: unknown) => new Error(`aborted: ${String(reason)}`),
  }
  const session = (id: string, projectPath: string, projectOriginalPath = '') =>
    ({ id, projectPath, projectOriginalPath }) as Session
  const scanOf = (rounds: Session[][]) => {
    let round = 0
    return async function* () {
      yield* rounds[Math.min(round++, rounds.length - 1)] ?? []
    }
  }

  it('timeout 0, every item already there: resolves after one read, in the items order', async () => {
    const scan = scanOf([[session('s2', '/b'), session('s1', '/a')]])
    const found = await waitForImportedSessions(scan, ['/a', '/b', '/a'], 'imp', { timeout: 0 }, failures)
    expect(found.map((s) => s.id)).toEqual(['s1', 's2', 's1'])
  })

  it('timeout 0, one item missing: the timeout failure names it, after one read', async () => {
    const scan = scanOf([[session('s1', '/a')]])
    await expect(waitForImportedSessions(scan, ['/a', '/b'], 'imp', { timeout: 0 }, failures)).rejects.toThrow(
      'timed out after 0: /b',
    )
  })

  it('an original path counts as the item’s, and progress is reported only when it moves', async () => {
    const scan = scanOf([[], [], [session('s1', '/moved/a', '/a')]])
    const progress: number[] = []
    const found = await waitForImportedSessions(
      scan,
      ['/a'],
      'imp',
      { interval: 1, onProgress: (p) => progress.push(p.found) },
      failures,
    )
    expect(found.map((s) => s.id)).toEqual(['s1'])
    expect(progress).toEqual([0, 1])
  })
})
