import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { librarySnapshot } from '@session-library/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LibrarySnapshot } from '../../src/store/records.js'
import { type CliProcess, call, runCli } from '../node/cli/cli-process.js'

// Crash safety of --data: writers (creates, patches, notes, deletes) and an importer run against
// the CLI, which is killed with SIGKILL at a random moment; restarted on the same file (its change
// log replayed), the mock must hold every write answered 2xx, and nothing half-applied.

const WRITERS = 4
const KILLS = 3
/** Answered writes before a kill may come. */
const MIN_ACKED = 8

type Fields = { title: string; notes: string }
type Pending =
  | { kind: 'create' }
  | { kind: 'patch' | 'notes'; id: string; fields: Fields }
  | { kind: 'delete'; id: string }

/** What one writer was told: its live sessions with their fields, the ones deleted, the write in flight. */
interface Ledger {
  live: Map<string, Fields>
  deleted: Set<string>
  pending?: Pending
}

const ledgers = Array.from({ length: WRITERS }, (): Ledger => ({ live: new Map(), deleted: new Set() }))
/** Every id an answer ever carried: none may come back for something else (D5). */
const handedOut = new Set<string>()
const failures: string[] = []
/** Writers wait on it before each write: a pause long enough for the mock to fold its log (idle 1 s). */
let gate: Promise<unknown> = Promise.resolve()

function nextWrite(
  ledger: Ledger,
  writer: number,
  step: number,
): { pending: Pending; path: string; init: RequestInit } {
  const ids = [...ledger.live.keys()]
  const [oldest, newest] = [ids[0], ids.at(-1)]
  const current = newest === undefined ? undefined : (ledger.live.get(newest) as Fields)
  if (step % 5 === 1 && newest && current) {
    const fields = { ...current, title: `w${writer} t${step}` }
    const init = { method: 'PATCH', body: JSON.stringify({ title: fields.title, status: 'mixing' }) }
    return { pending: { kind: 'patch', id: newest, fields }, path: `/sessions/${newest}`, init }
  }
  if (step % 5 === 2 && newest && current) {
    const fields = { ...current, notes: `w${writer} n${step}` }
    const init = { method: 'PUT', body: JSON.stringify({ notes: fields.notes }) }
    return { pending: { kind: 'notes', id: newest, fields }, path: `/sessions/${newest}/notes`, init }
  }
  if (step % 5 === 3 && oldest) {
    return { pending: { kind: 'delete', id: oldest }, path: `/sessions/${oldest}`, init: { method: 'DELETE' } }
  }
  const init = { method: 'POST', body: JSON.stringify({ title: `w${writer} #${step}` }) }
  return { pending: { kind: 'create' }, path: '/sessions', init }
}

/** Writes one at a time until the connection fails; records each write answered 2xx. */
async function write(cli: CliProcess, writer: number, acked: { count: number }): Promise<void> {
  const ledger = ledgers[writer] as Ledger
  for (let step = 0; ; step++) {
    await gate
    const { pending, path, init } = nextWrite(ledger, writer, step)
    ledger.pending = pending
    let answer: Response
    let body: { data: { id: string; title?: string } }
    try {
      answer = await call(cli, path, init)
      body = (await answer.json()) as typeof body
    } catch {
      return // killed: this write stays pending
    }
    if (!answer.ok) failures.push(`${init.method} ${path}: ${answer.status}`)
    if (pending.kind === 'create') {
      ledger.live.set(body.data.id, { title: body.data.title ?? '', notes: '' })
      handedOut.add(body.data.id)
    }
    if (pending.kind === 'patch' || pending.kind === 'notes') ledger.live.set(pending.id, pending.fields)
    if (pending.kind === 'delete') {
      ledger.live.delete(pending.id)
      ledger.deleted.add(pending.id)
    }
    ledger.pending = undefined
    acked.count++
  }
}

/** Starts imports of a few items each, with previews, until the connection fails. */
async function importLoop(cli: CliProcess, kill: number): Promise<void> {
  for (let batch = 0; ; batch++) {
    await gate
    const items = [0, 1, 2].map((item) => ({
      projectPath: `/crash/k${kill}/b${batch}-${item}.als`,
      previewAudioPath: `/crash/k${kill}/b${batch}-${item}.wav`,
    }))
    try {
      const answer = await call(cli, '/import', {
        method: 'POST',
        body: JSON.stringify({ items, generatePreviews: true }),
      })
      if (answer.status !== 202) failures.push(`POST /import: ${answer.status}`)
      handedOut.add(((await answer.json()) as { data: { importId: string } }).data.importId)
      await new Promise((resolve) => setTimeout(resolve, 20))
    } catch {
      return
    }
  }
}

/** Checks every answered write against the library; settles the write in flight from what it holds. */
function expectAnsweredWrites(library: LibrarySnapshot): void {
  const sessions = new Map(library.sessions.map((session) => [session.id, session]))
  for (const ledger of ledgers) {
    const { pending } = ledger
    for (const [id, fields] of ledger.live) {
      if (pending?.kind === 'delete' && pending.id === id) continue
      const stored = sessions.get(id)
      expect(stored, `answered create of ${id} lost`).toBeDefined()
      const inFlight = (pending?.kind === 'patch' || pending?.kind === 'notes') && pending.id === id
      const allowed = inFlight ? [fields, pending.fields] : [fields]
      expect(allowed, `answered change of ${id} lost`).toContainEqual({ title: stored?.title, notes: stored?.notes })
    }
    for (const id of ledger.deleted) expect(sessions.has(id), `answered delete of ${id} undone`).toBe(false)
    if (pending?.kind === 'delete' && !sessions.has(pending.id)) {
      ledger.live.delete(pending.id)
      ledger.deleted.add(pending.id)
    }
    if ((pending?.kind === 'patch' || pending?.kind === 'notes') && sessions.has(pending.id)) {
      const stored = sessions.get(pending.id)
      ledger.live.set(pending.id, { title: stored?.title ?? '', notes: stored?.notes ?? '' })
    }
    ledger.pending = undefined
  }
}

/** Imported sessions: one per project path (D15's skip rule survives replay), previews all or nothing. */
function expectWholeImports(library: LibrarySnapshot): void {
  const imported = library.sessions.filter((session) => session.projectPath.startsWith('/crash/'))
  expect(new Set(imported.map((session) => session.projectPath)).size).toBe(imported.length)
  for (const session of imported) {
    const ready = session.previews.every((preview) => preview.status === 'ready')
    expect(session.previewStatus, `preview of ${session.id} half-applied`).toBe(ready ? 'ready' : 'pending')
  }
}

async function storedLibrary(cli: CliProcess): Promise<LibrarySnapshot> {
  const answer = await fetch(`${new URL(cli.url).origin}/__mock/snapshot`, {
    headers: { Authorization: `Bearer ${cli.token}` },
  })
  return librarySnapshot.parse(((await answer.json()) as { data: unknown }).data) as LibrarySnapshot
}

let directory: string
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'mock-crash-'))
})
afterAll(() => rm(directory, { recursive: true, force: true }))

describe('crash safety of --data', () => {
  it(`MOCK.md --data: after ${KILLS} SIGKILLs at random moments of creates, patches, notes, deletes and imports (once just after an idle fold), a restart holds every write answered 2xx, nothing half-applied, no id reused`, async () => {
    const file = join(directory, 'library.json')
    gate = Promise.resolve()
    const start = () => runCli(['--port', '0', '--data', file, '--sessions', '2', '--import-delay', '2', '--quiet'])
    let cli = await start()
    for (let kill = 1; kill <= KILLS; kill++) {
      expect(cli.url, cli.stderr()).not.toBe('')
      const acked = { count: 0 }
      const writers = [...ledgers.map((_, writer) => write(cli, writer, acked)), importLoop(cli, kill)]
      // Random, but only once enough writes were answered to prove something, however slow the machine.
      await expect.poll(() => acked.count, { timeout: 15_000, interval: 10 }).toBeGreaterThan(MIN_ACKED)
      if (kill === 2) {
        // The log folded into the file (idle), then more writes into a new log, then the kill.
        gate = new Promise((resolve) => setTimeout(resolve, 1_500))
        await gate
        // MOCK.md: the file is the whole current library whenever the mock is idle.
        const answered = ledgers.flatMap((ledger) => [...ledger.live.keys()])
        const inFile = async () => {
          const ids = new Set(
            librarySnapshot.parse(JSON.parse(await readFile(file, 'utf8'))).sessions.map(({ id }) => id),
          )
          return answered.filter((id) => !ids.has(id))
        }
        await expect.poll(inFile, { timeout: 5_000 }).toEqual([])
        const before = acked.count
        await expect.poll(() => acked.count, { timeout: 15_000, interval: 10 }).toBeGreaterThan(before + MIN_ACKED)
      }
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 400)))
      cli.child.kill('SIGKILL')
      await Promise.all(writers)
      await cli.exited
      cli = await start()
      expect(cli.url, cli.stderr()).not.toBe('')
      const library = await storedLibrary(cli)
      expectAnsweredWrites(library)
      expectWholeImports(library)
    }
    const fresh = (await (await call(cli, '/sessions', { method: 'POST', body: '{"title":"after"}' })).json()) as {
      data: { id: string }
    }
    expect(handedOut.has(fresh.data.id)).toBe(false)
    expect(await cli.stop('SIGTERM')).toBe(0)
    expect(failures).toEqual([])
  }, 60_000)
})
