import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { librarySnapshot } from '@session-library/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CliProcess, call, runCli } from '../node/cli-process.js'

// Crash safety of --data: writers run against the CLI, which is killed with SIGKILL at a random
// moment; on the same file, the restarted mock must hold every write answered 2xx before the kill.

const WRITERS = 4
const KILLS = 3
/** Answered writes before a kill may come. */
const MIN_ACKED = 4

type Pending = { kind: 'create' } | { kind: 'notes'; id: string; notes: string } | { kind: 'delete'; id: string }

/** What one writer was told: its live sessions with their notes, the ones deleted, the write in flight. */
interface Ledger {
  live: Map<string, string>
  deleted: Set<string>
  pending?: Pending
}

const ledgers = Array.from({ length: WRITERS }, (): Ledger => ({ live: new Map(), deleted: new Set() }))
const failures: string[] = []

function nextWrite(
  ledger: Ledger,
  writer: number,
  step: number,
): { pending: Pending; path: string; init: RequestInit } {
  const ids = [...ledger.live.keys()]
  const [oldest, newest] = [ids[0], ids.at(-1)]
  if (step % 4 === 2 && newest) {
    const notes = `w${writer} v${step}`
    const init = { method: 'PUT', body: JSON.stringify({ notes }) }
    return { pending: { kind: 'notes', id: newest, notes }, path: `/sessions/${newest}/notes`, init }
  }
  if (step % 4 === 3 && oldest) {
    return { pending: { kind: 'delete', id: oldest }, path: `/sessions/${oldest}`, init: { method: 'DELETE' } }
  }
  const init = { method: 'POST', body: JSON.stringify({ title: `w${writer} #${step}` }) }
  return { pending: { kind: 'create' }, path: '/sessions', init }
}

/** Writes one at a time until the connection fails; records each write answered 2xx. */
async function write(cli: CliProcess, writer: number, acked: { count: number }): Promise<void> {
  const ledger = ledgers[writer] as Ledger
  for (let step = 0; ; step++) {
    const { pending, path, init } = nextWrite(ledger, writer, step)
    ledger.pending = pending
    let answer: Response
    let body: { data: { id: string } }
    try {
      answer = await call(cli, path, init)
      body = (await answer.json()) as typeof body
    } catch {
      return // killed: this write stays pending
    }
    if (!answer.ok) failures.push(`${init.method} ${path}: ${answer.status}`)
    if (pending.kind === 'create') ledger.live.set(body.data.id, '')
    if (pending.kind === 'notes') ledger.live.set(pending.id, pending.notes)
    if (pending.kind === 'delete') {
      ledger.live.delete(pending.id)
      ledger.deleted.add(pending.id)
    }
    ledger.pending = undefined
    acked.count++
  }
}

/** Checks every answered write against the library; settles the write in flight from what it holds. */
function expectAnsweredWrites(sessions: Map<string, string>): void {
  for (const ledger of ledgers) {
    const { pending } = ledger
    for (const [id, notes] of ledger.live) {
      if (pending?.kind === 'delete' && pending.id === id) continue
      expect(sessions.has(id), `answered create of ${id} lost`).toBe(true)
      const allowed = pending?.kind === 'notes' && pending.id === id ? [notes, pending.notes] : [notes]
      expect(allowed, `answered notes of ${id} lost`).toContain(sessions.get(id))
    }
    for (const id of ledger.deleted) expect(sessions.has(id), `answered delete of ${id} undone`).toBe(false)
    if (pending?.kind === 'delete' && !sessions.has(pending.id)) {
      ledger.live.delete(pending.id)
      ledger.deleted.add(pending.id)
    }
    if (pending?.kind === 'notes') ledger.live.set(pending.id, sessions.get(pending.id) ?? '')
    ledger.pending = undefined
  }
}

let directory: string
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'mock-crash-'))
})
afterAll(() => rm(directory, { recursive: true, force: true }))

describe('crash safety of --data', () => {
  it(`MOCK.md --data: after ${KILLS} SIGKILLs at random moments, the file parses and holds every write answered 2xx`, async () => {
    const file = join(directory, 'library.json')
    const start = () => runCli(['--port', '0', '--data', file, '--sessions', '2', '--quiet'])
    for (let kill = 1; kill <= KILLS; kill++) {
      const cli = await start()
      expect(cli.url, cli.stderr()).not.toBe('')
      const acked = { count: 0 }
      const writers = ledgers.map((_, writer) => write(cli, writer, acked))
      // Random, but only once enough writes were answered to prove something, however slow the machine.
      await expect.poll(() => acked.count, { timeout: 15_000, interval: 10 }).toBeGreaterThan(MIN_ACKED)
      const delay = Math.floor(Math.random() * 350)
      await new Promise((resolve) => setTimeout(resolve, delay))
      cli.child.kill('SIGKILL')
      await Promise.all(writers)
      await cli.exited
      expect(acked.count).toBeGreaterThan(MIN_ACKED)
      const saved = librarySnapshot.parse(JSON.parse(await readFile(file, 'utf8')))
      expectAnsweredWrites(new Map(saved.sessions.map((session) => [session.id, session.notes])))
    }
    const restarted = await start()
    const listed = (await (await call(restarted, '/sessions?limit=500')).json()) as { data: { id: string }[] }
    const ids = new Set(listed.data.map(({ id }) => id))
    for (const ledger of ledgers) for (const id of ledger.live.keys()) expect(ids.has(id)).toBe(true)
    expect(await restarted.stop('SIGTERM')).toBe(0)
    expect(failures).toEqual([])
  }, 30_000)
})
