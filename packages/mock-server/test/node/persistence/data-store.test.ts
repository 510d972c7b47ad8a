import { copyFile, link, mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { changeLogNextId, librarySnapshot } from '@session-library/schemas'
import { describe, expect, it, vi } from 'vitest'
import { DataFileError, writeDataFile } from '../../../src/node/persistence/data-file.js'
import type { RunningServer, StartServerOptions } from '../../../src/node.js'
import type { LibrarySnapshot } from '../../../src/store/records.js'
import { storedSession } from '../../support/library.js'
import { useDataFolder } from './data-folder.js'

// The --data file and its change log (MOCK.md's --data row), in-process: what is on disk at each
// answer, what a start makes of it, and what it refuses.

const TOKEN = 'data-store-token'
const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }
const kept = storedSession({ id: 'ses_kept', title: 'Kept' })
const base: LibrarySnapshot = { version: 1, nextId: 10, sessions: [kept], lanes: [] }

const folder = useDataFolder('mock-store-', TOKEN)
// A start on an empty or missing file begins with no sessions (not the demo library).
const start = (options: StartServerOptions = {}, path?: string) => folder.start({ sessions: 0, ...options }, path)

async function send(server: RunningServer, path: string, method = 'GET', body?: unknown) {
  const init = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }
  const answer = await fetch(`${server.url}${path}`, init)
  return { status: answer.status, data: ((await answer.json()) as { data: { id: string; title: string } }).data }
}

async function stop(server: RunningServer): Promise<void> {
  folder.forget(server)
  await server.close()
}

const onDisk = async (path = folder.file) =>
  librarySnapshot.parse(JSON.parse(await readFile(path, 'utf8'))) as LibrarySnapshot
const titles = (library: LibrarySnapshot) => library.sessions.map(({ title }) => title).sort()

/** The file and its log as they are at this moment, copied: what a SIGKILL now would leave. */
async function crashCopy(): Promise<string> {
  const copy = join(folder.directory, 'crashed.json')
  await copyFile(folder.file, copy)
  await copyFile(`${folder.file}.log`, `${copy}.log`).catch(() => undefined)
  return copy
}

describe('--data change log', () => {
  it('D5: the contract’s changeLogNextId reads from the log the mock wrote the nextId it reached', async () => {
    await writeDataFile(folder.file, base)
    const server = await start({ compaction: { afterIdleMs: 60_000 } })
    const first = await send(server, '/sessions', 'POST', { title: 'One' })
    await send(server, '/sessions', 'POST', { title: 'Two' })
    await send(server, `/sessions/${first.data.id}`, 'PATCH', { title: 'One, renamed' })
    const log = await readFile(`${folder.file}.log`, 'utf8')
    expect(log.split('\n').filter(Boolean)).toHaveLength(3)
    await stop(server)
    // Two sessions made from nextId 10; the file the close folded the log into says the same.
    expect(changeLogNextId(log)).toBe(12)
    expect((await onDisk()).nextId).toBe(12)
  })

  it('MOCK.md --data: a change is in the change log when answered, and in the file once the mock is idle', async () => {
    await writeDataFile(folder.file, base)
    const server = await start({ compaction: { afterIdleMs: 50 } })
    const created = await send(server, '/sessions', 'POST', { title: 'Logged' })
    expect(created.status).toBe(201)
    expect(await readFile(`${folder.file}.log`, 'utf8')).toContain(created.data.id)
    await expect.poll(async () => titles(await onDisk()), { timeout: 5_000 }).toEqual(['Kept', 'Logged'])
    expect((await stat(`${folder.file}.log`)).size).toBe(0)
  })

  it('MOCK.md --data: a start replays the change log over the file (creates, patches, notes, deletes)', async () => {
    await writeDataFile(folder.file, base)
    const server = await start({ compaction: { afterIdleMs: 60_000 } })
    const created = await send(server, '/sessions', 'POST', { title: 'New' })
    await send(server, `/sessions/${created.data.id}`, 'PATCH', { title: 'Renamed' })
    await send(server, `/sessions/${created.data.id}/notes`, 'PUT', { notes: 'kept notes' })
    await send(server, '/sessions/ses_kept', 'DELETE')
    const replayed = await start({}, await crashCopy())
    const library = replayed.api.snapshot()
    expect(library.sessions.map(({ title, notes }) => ({ title, notes }))).toEqual([
      { title: 'Renamed', notes: 'kept notes' },
    ])
    expect(library.nextId).toBe(server.api.snapshot().nextId)
  })

  it('MOCK.md --data: a reset is one line holding the whole library, so a replay does not resurrect what came before', async () => {
    await writeDataFile(folder.file, base)
    const server = await start({ compaction: { afterIdleMs: 60_000 } })
    await send(server, '/sessions', 'POST', { title: 'Gone after reset' })
    await fetch(`${server.origin}/__mock/reset`, { method: 'POST', headers })
    const after = await send(server, '/sessions', 'POST', { title: 'After reset' })
    const replayed = await start({}, await crashCopy())
    expect(titles(replayed.api.snapshot())).toEqual(['After reset', 'Kept'])
    expect(replayed.api.snapshot().nextId).toBe(server.api.snapshot().nextId)
    expect(after.status).toBe(201)
  })

  it('MOCK.md --data: a torn last line (a crash mid-append) is dropped with one line on stderr and cut off the log', async () => {
    await writeDataFile(folder.file, base)
    const good = JSON.stringify({
      nextId: 12,
      sessions: { put: [storedSession({ id: 'ses_good', title: 'Good' })], del: [] },
    })
    await writeFile(`${folder.file}.log`, `${good}\n{"nextId":13,"sessions":{"put":[{"id":"ses_to`)
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const server = await start()
    const warnings = stderr.mock.calls.map(([text]) => String(text)).filter((text) => text.includes('torn'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(`${folder.file}.log`)
    expect(titles(server.api.snapshot())).toEqual(['Good', 'Kept'])
    expect(await readFile(`${folder.file}.log`, 'utf8')).toBe(`${good}\n`)
  })

  it.each([
    ['a line that is not JSON', '{"nextId":12,\n', 'line 1 is not valid JSON'],
    ['a line that is not a change', '{"nextId":12,"playlists":{}}\n', 'line 1 is not a change'],
    [
      'a record that breaks the contract',
      '{"nextId":12,"sessions":{"put":[{"id":"ses_x"}],"del":[]}}\n',
      'line 1 breaks the contract: sessions.put[0].title (record ses_x): is required',
    ],
    [
      'D6: a record with a tag held twice',
      `${JSON.stringify({ nextId: 12, sessions: { put: [storedSession({ id: 'ses_t', tags: ['a', 'a'] })], del: [] } })}\n`,
      'line 1 breaks the contract: sessions.put[0].tags (record ses_t): is not as a write stores it (["a"])',
    ],
    [
      'D7: a record with notes past their limit',
      `${JSON.stringify({ nextId: 12, sessions: { put: [storedSession({ id: 'ses_n', notes: 'n'.repeat(100_001) })], del: [] } })}\n`,
      'line 1 breaks the contract: sessions.put[0].notes (record ses_n): must be at most 100000',
    ],
  ])(
    'MOCK.md --data: %s in the log stops the start with a clear message; file and log stay as they are',
    async (_, line, message) => {
      await writeDataFile(folder.file, base)
      const good = `${JSON.stringify({ nextId: 11 })}\n`
      await writeFile(`${folder.file}.log`, `${line}${good}`)
      const before = [await readFile(folder.file, 'utf8'), await readFile(`${folder.file}.log`, 'utf8')]
      const refused = start()
      await expect(refused).rejects.toThrow(DataFileError)
      await expect(refused).rejects.toThrow(`--data ${folder.file}.log: ${message}`)
      expect([await readFile(folder.file, 'utf8'), await readFile(`${folder.file}.log`, 'utf8')]).toEqual(before)
      // The lock was given up: a start on a good file runs.
      await writeFile(`${folder.file}.log`, good)
      await stop(await start())
    },
  )

  it('MOCK.md --data: a library file that does not parse stops the start, and neither it nor its log is overwritten', async () => {
    await writeFile(folder.file, '{"version":1,"nextId":')
    await writeFile(`${folder.file}.log`, `${JSON.stringify({ nextId: 11 })}\n`)
    await expect(start()).rejects.toThrow(`--data ${folder.file}: is not valid JSON`)
    expect(await readFile(folder.file, 'utf8')).toBe('{"version":1,"nextId":')
    expect(await readFile(`${folder.file}.log`, 'utf8')).toBe(`${JSON.stringify({ nextId: 11 })}\n`)
  })

  it('D19: a second mock on the file refuses to start, through a hard link too, also one made after a fold replaced the file', async () => {
    const first = await start({ compaction: { afterIdleMs: 10 } })
    const held = `--data ${folder.file}: is in use by session-library-mock (process ${process.pid}); stop it first`
    await expect(start()).rejects.toThrow(held)
    await mkdir(join(folder.directory, 'other'))
    const before = join(folder.directory, 'other', 'before.json')
    await link(folder.file, before)
    await expect(start({}, before)).rejects.toThrow(`--data ${before}: is in use by session-library-mock`)
    await unlink(before)
    const inode = (await stat(folder.file)).ino
    await send(first, '/sessions', 'POST', { title: 'Folded' })
    await expect.poll(async () => (await stat(folder.file)).ino).not.toBe(inode)
    const after = join(folder.directory, 'other', 'after.json')
    await link(folder.file, after)
    await expect.poll(() => start({}, after).then(stop, (error: Error) => error.message)).toContain('is in use')
    await stop(first)
    // Nothing is left on disk that a later start must clear (the seal of the file's last check is kept).
    expect((await readdir(folder.directory)).sort()).toEqual(['library.json', 'library.json.checked', 'other'])
    await stop(await start())
  })

  it('D19: a start removes a temporary file left by a crash in a fold, and warns of a hard-linked file', async () => {
    await writeDataFile(folder.file, base)
    await writeFile(join(folder.directory, '.library.json.tmp'), '{"version":1,"nextId"')
    await link(folder.file, join(folder.directory, 'twin.json'))
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    await stop(await start())
    expect(String(warn.mock.calls.flat())).toContain('the file has 2 hard links')
    expect(await readdir(folder.directory)).not.toContain('.library.json.tmp')
  })

  it('MOCK.md --data: folds the log into the file while writes go on, losing none of them', async () => {
    await writeDataFile(folder.file, base)
    const server = await start({ compaction: { afterLogBytes: 4_000, afterIdleMs: 60_000 } })
    const written: string[] = []
    const writer = async (name: string) => {
      for (let index = 0; index < 40; index++) {
        written.push((await send(server, '/sessions', 'POST', { title: `${name} ${index}` })).data.title)
      }
    }
    await Promise.all([writer('a'), writer('b'), writer('c')])
    // Folded several times on the way: the file already holds most of the library before any idle time or close.
    expect((await onDisk()).sessions.length).toBeGreaterThan(60)
    await expect
      .poll(() =>
        stat(`${folder.file}.log.1`).then(
          () => 'folding',
          () => 'done',
        ),
      )
      .toBe('done')
    const replayed = await start({}, await crashCopy())
    expect(titles(replayed.api.snapshot())).toEqual([...written, 'Kept'].sort())
    await stop(server)
    expect(titles(await onDisk())).toEqual([...written, 'Kept'].sort())
    await expect(stat(`${folder.file}.log`)).rejects.toThrow()
  })

  it('MOCK.md --data: a crash at any step of a fold (log renamed, file written or not yet) loses nothing', async () => {
    await writeDataFile(folder.file, base)
    const server = await start({ compaction: { afterIdleMs: 60_000 } })
    await send(server, '/sessions', 'POST', { title: 'A' })
    const folded = server.api.snapshot()
    const older = await readFile(`${folder.file}.log`, 'utf8')
    await send(server, '/sessions', 'POST', { title: 'B' })
    await send(server, `/sessions/${kept.id}`, 'DELETE')
    const newer = (await readFile(`${folder.file}.log`, 'utf8')).slice(older.length)
    const expected = server.api.snapshot()
    for (const [name, library] of [
      ['renamed', base],
      ['written', folded],
    ] as const) {
      const path = join(folder.directory, `${name}.json`)
      await writeDataFile(path, library)
      await writeFile(`${path}.log.1`, older)
      await writeFile(`${path}.log`, newer)
      const restarted = await start({}, path)
      expect(restarted.api.snapshot(), name).toEqual(expected)
      await expect(stat(`${path}.log.1`)).rejects.toThrow()
      expect(await readFile(`${path}.log`, 'utf8')).toBe(`${older}${newer}`)
    }
  })

  it('MOCK.md --data: a file written by the previous version (the whole library, indented) still loads', async () => {
    await writeFile(folder.file, `${JSON.stringify(base, null, 2)}\n`)
    const server = await start()
    expect(server.api.snapshot()).toEqual(base)
    await send(server, '/sessions', 'POST', { title: 'Added' })
    await stop(server)
    expect(titles(await onDisk())).toEqual(['Added', 'Kept'])
  })
})
