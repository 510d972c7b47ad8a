import { describe, expect, it } from 'vitest'
import { type Session, waitForImportedSessions } from '../../src/index.js'

describe('waitForImportedSessions, the one waiting rule (D15)', () => {
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
