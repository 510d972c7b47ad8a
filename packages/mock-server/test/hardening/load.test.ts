import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { JOURNAL_LIMIT } from '../../src/runtime/journal.js'
import { type CliProcess, call, runCli } from '../node/cli/cli-process.js'

// The one long test of the suite: 32 clients for 20 s of mixed reads and writes against the CLI
// on loopback. The mock runs in its own process with a preloaded probe (support/memory-probe.cjs)
// that reports its heap after a full GC every 250 ms, so the load generator's own memory is not
// measured.

const CLIENTS = 32
const SECONDS = 20
const PROBE = fileURLToPath(new URL('../support/memory-probe.cjs', import.meta.url))

interface Stats {
  requests: number
  errors: string[]
}

interface Planned {
  method: string
  path: string
  body?: unknown
  status: number
  after?: (data: { id: string }) => void
}

/** Request `n` of client `c`: reads and writes in a fixed mix; each client creates and deletes its own sessions. */
function planned(c: number, n: number, mine: string[]): Planned {
  const own = mine.at(-1)
  const read = (path: string): Planned => ({ method: 'GET', path, status: 200 })
  const step = n % 10
  if (step === 0 || !own) {
    const body = { title: `client ${c} #${n}`, tags: ['load', `c${c}`] }
    return { method: 'POST', path: '/sessions', body, status: 201, after: (data) => mine.push(data.id) }
  }
  if (step === 3) return { method: 'PATCH', path: `/sessions/${own}`, body: { status: 'mixing' }, status: 200 }
  if (step === 5)
    return { method: 'PUT', path: `/sessions/${own}/tags`, body: { tags: ['load', `n${n}`] }, status: 200 }
  if (step === 7) return { method: 'PUT', path: `/sessions/${own}/notes`, body: { notes: `take ${n}` }, status: 200 }
  if (step === 9 && mine.length > 1) return { method: 'DELETE', path: `/sessions/${mine.shift()}`, status: 200 }
  return read(
    [`/sessions?limit=20&sort=-title`, `/sessions/${own}`, `/sessions?tags=load&q=client ${c}`, '/tags', '/health'][
      n % 5
    ] as string,
  )
}

async function client(cli: CliProcess, c: number, until: number, stats: Stats): Promise<void> {
  const mine: string[] = []
  for (let n = 0; performance.now() < until; n++) {
    const { method, path, body, status, after } = planned(c, n, mine)
    stats.requests++
    try {
      const answer = await call(cli, path, { method, ...(body !== undefined && { body: JSON.stringify(body) }) })
      const json = (await answer.json()) as { data: { id: string } }
      if (answer.status === status) after?.(json.data)
      else stats.errors.push(`${method} ${path}: ${answer.status}`)
    } catch (error) {
      stats.errors.push(`${method} ${path}: ${String(error)}`)
    }
  }
}

/** Heap samples `[ms since start, bytes]` from the probe's lines on stderr. */
function heapSamples(stderr: string, start: number): [number, number][] {
  return [...stderr.matchAll(/^heap (\d+) (\d+)$/gm)].map((match) => [Number(match[2]) - start, Number(match[1])])
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
const MiB = 1024 * 1024

describe('load', () => {
  it(`${CLIENTS} clients for ${SECONDS} s of mixed reads and writes: no error, a bounded journal, settled memory (D17)`, async () => {
    const cli = await runCli(['--port', '0', '--quiet'], { NODE_OPTIONS: `--expose-gc --require ${PROBE}` })
    const stats: Stats = { requests: 0, errors: [] }
    const start = Date.now()
    const until = performance.now() + SECONDS * 1_000
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(cli, c, until, stats)))

    expect(stats.errors.slice(0, 5)).toEqual([])
    expect(stats.requests).toBeGreaterThan(CLIENTS * 10)
    const health = (await (await call(cli, '/health')).json()) as { data: { requestCount: number; recentRequests: [] } }
    expect(health.data.requestCount).toBe(stats.requests)
    expect(health.data.recentRequests.length).toBeLessThanOrEqual(50)
    const control = await fetch(new URL('/__mock/journal', cli.url), {
      headers: { authorization: `Bearer ${cli.token}` },
    })
    const journal = (await control.json()) as { data: unknown[] }
    expect(journal.data.length).toBeLessThanOrEqual(JOURNAL_LIMIT)

    const samples = heapSamples(cli.stderr(), start)
    const window = (from: number) => samples.filter(([at]) => at >= from * 1_000 && at < (from + 5) * 1_000)
    const second = window(5).map(([, bytes]) => bytes)
    const last = window(SECONDS - 5).map(([, bytes]) => bytes)
    expect(second.length).toBeGreaterThan(5)
    expect(last.length).toBeGreaterThan(5)
    // Settled: the last 5 s use no more than the second 5 s, give or take 5 % and 1 MiB of noise.
    const report = `heap after GC: 5–10 s ${(mean(second) / MiB).toFixed(1)} MiB, ${SECONDS - 5}–${SECONDS} s ${(mean(last) / MiB).toFixed(1)} MiB, ${stats.requests} requests`
    expect(mean(last), report).toBeLessThanOrEqual(mean(second) * 1.05 + MiB)
    console.info(report)
    expect(await cli.stop('SIGTERM')).toBe(0)
  }, 60_000)
})
