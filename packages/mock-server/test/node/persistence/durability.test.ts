import { lstat, mkdir, open, readFile, rmdir, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { writeDataFile } from '../../../src/node/persistence/data-file.js'
import type { RunningServer } from '../../../src/node.js'
import type { LibrarySnapshot } from '../../../src/store/records.js'
import { storedSession } from '../../support/library.js'
import { useDataFolder } from './data-folder.js'

// D19 in-process, with injected I/O errors (no root needed): a write that cannot be made durable
// changes nothing, in memory or on disk; a fold that fails is retried; a lock is on the real path.

const TOKEN = 'durability-token'
const kept = storedSession({ id: 'ses_kept', title: 'Kept', notes: 'as it was' })
const base: LibrarySnapshot = { version: 1, nextId: 10, sessions: [kept], lanes: [] }

const folder = useDataFolder('mock-durable-', TOKEN)
const serve = folder.start
beforeEach(() => writeDataFile(folder.file, base))

async function api(server: RunningServer, method: string, path: string, body?: unknown) {
  const answer = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  return { status: answer.status, body: (await answer.json()) as Record<string, Record<string, unknown>> }
}

const lastError = async (server: RunningServer) => (await api(server, 'GET', '/health')).body.data?.lastError

/** The prototype of every FileHandle: a spy on its `write` sees the change log's appends. */
async function fileHandlePrototype(): Promise<{ write: (...args: unknown[]) => Promise<{ bytesWritten: number }> }> {
  const handle = await open(folder.file, 'r')
  await handle.close()
  return Object.getPrototypeOf(handle)
}

/** Makes the next write to the change log fail as a disk would (EIO, or `code`), or write only a part of it. */
async function nextLogWrite(fault: 'fail' | 'short', code = 'EIO'): Promise<void> {
  const prototype = await fileHandlePrototype()
  const real = prototype.write
  const spy = vi.spyOn(prototype, 'write')
  spy.mockImplementationOnce(async function (this: unknown, data: unknown, offset: unknown, length: unknown) {
    // Half the line reaches the disk; then the error, or the short write's count.
    const written = await real.call(this, data, offset, Math.floor(Number(length) / 2))
    if (fault === 'fail') throw Object.assign(new Error(`${code}: i/o error, write`), { code })
    return written
  })
}

describe('D19: a write is answered 2xx only once durable', () => {
  it.each([
    ['POST /sessions', 'POST', '/sessions', { title: 'Never stored' }],
    ['PATCH /sessions/{id}', 'PATCH', '/sessions/ses_kept', { title: 'Never renamed' }],
    ['PUT /sessions/{id}/notes', 'PUT', '/sessions/ses_kept/notes', { notes: 'never written' }],
    ['DELETE /sessions/{id}', 'DELETE', '/sessions/ses_kept', undefined],
  ])(
    'D19: %s whose log write fails is 503 storage_unavailable naming the cause, and changes nothing in memory or on disk',
    async (_, method, path, body) => {
      const server = await serve({ compaction: { afterIdleMs: 60_000 } })
      const log = await readFile(`${folder.file}.log`, 'utf8')
      await nextLogWrite('fail')
      const answer = await api(server, method, path, body)
      expect(answer.status).toBe(503)
      expect(answer.body.error).toMatchObject({ status: 503, code: 'storage_unavailable' })
      expect(answer.body.error?.message).toContain('EIO: i/o error, write')
      expect(server.api.snapshot().sessions).toEqual([kept])
      expect(await readFile(`${folder.file}.log`, 'utf8')).toBe(log)
      expect(await lastError(server)).toContain('EIO')
      // The next write goes on from the last whole line, and a replay holds it and nothing else.
      expect((await api(server, 'POST', '/sessions', { title: 'After' })).status).toBe(201)
      await server.close()
      folder.forget(server)
      const titles = (await serve()).api.snapshot().sessions.map(({ title, notes }) => [title, notes])
      expect(titles.sort()).toEqual([
        ['After', ''],
        ['Kept', 'as it was'],
      ])
    },
  )

  it('D17, D19: a control write that cannot be saved (POST /__mock/reset, ENOSPC) is 503 and sets lastError to its own message', async () => {
    const server = await serve({ compaction: { afterIdleMs: 60_000 } })
    expect((await api(server, 'POST', '/sessions', { title: 'Made' })).status).toBe(201)
    await nextLogWrite('fail', 'ENOSPC')
    const reset = await fetch(`${new URL(server.url).origin}/__mock/reset`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
    })
    expect(reset.status).toBe(503)
    const { message } = ((await reset.json()) as { error: { message: string } }).error
    expect(message).toContain('ENOSPC')
    expect(await lastError(server)).toBe(message)
  })

  it('D19: a short write is continued: every byte of the line is on disk when the answer is 2xx', async () => {
    const server = await serve({ compaction: { afterIdleMs: 60_000 } })
    await nextLogWrite('short')
    const created = await api(server, 'POST', '/sessions', { title: 'Whole', notes: 'n'.repeat(10_000) })
    expect(created.status).toBe(201)
    const lines = (await readFile(`${folder.file}.log`, 'utf8')).split('\n')
    expect(lines.at(-1)).toBe('')
    expect(JSON.parse(lines.at(-2) as string).sessions.put[0].notes).toHaveLength(10_000)
  })

  it('D19: a start reads past what a failed append of an older version left (NUL padding, a partial change) instead of refusing the log', async () => {
    const line = (title: string, nextId: number) =>
      JSON.stringify({ nextId, sessions: { put: [storedSession({ id: `ses_${nextId}`, title })], del: [] } })
    const log = `${line('One', 11)}\n${'\0'.repeat(23_572)}${line('Two', 12)}\n{"nextId":13,"sessions":{"pu${line('Three', 14)}\n`
    await writeFile(`${folder.file}.log`, log)
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const server = await serve()
    expect(server.api.snapshot().sessions.map(({ title }) => title)).toEqual(['Kept', 'One', 'Two', 'Three'])
    const warnings = stderr.mock.calls.map(([text]) => String(text))
    expect(warnings.some((text) => text.includes('23572 NUL bytes of padding on line 2'))).toBe(true)
    expect(warnings.some((text) => text.includes('dropped a partial change'))).toBe(true)
  })
})

describe('D19: a failed fold is retried, not fatal', () => {
  it('D19: a fold that cannot write the file keeps the log, lets writes go on, says so on stderr and in lastError, and succeeds once the cause is gone', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const server = await serve({ compaction: { afterIdleMs: 50 } })
    // The fold's temporary file cannot be created while a directory holds its name.
    const blocker = join(folder.directory, '.library.json.tmp')
    await mkdir(blocker)
    expect((await api(server, 'POST', '/sessions', { title: 'Before' })).status).toBe(201)
    await expect.poll(() => lastError(server), { timeout: 5_000 }).toContain('could not fold the change log')
    expect(stderr.mock.calls.some(([text]) => String(text).includes('EISDIR'))).toBe(true)
    for (const title of ['During 1', 'During 2']) {
      expect((await api(server, 'POST', '/sessions', { title })).status).toBe(201)
    }
    await rmdir(blocker)
    const onDisk = async () =>
      (JSON.parse(await readFile(folder.file, 'utf8')) as LibrarySnapshot).sessions.map(({ title }) => title).sort()
    await expect.poll(onDisk, { timeout: 10_000 }).toEqual(['Before', 'During 1', 'During 2', 'Kept'])
    // The file is renamed into place before `.log.1` is removed.
    const gone = () =>
      stat(`${folder.file}.log.1`).then(
        () => false,
        () => true,
      )
    await expect.poll(gone).toBe(true)
  })
})

describe('D19: one process a data folder.file, locked on its real path', () => {
  it('D19: a symlink to a held file is refused; through the symlink, folds write the real file and the symlink stays one', async () => {
    const link = join(folder.directory, 'link.json')
    await symlink(folder.file, link)
    const first = await serve()
    await expect(serve({}, link)).rejects.toThrow(
      `--data ${folder.file}: is in use by session-library-mock (process ${process.pid})`,
    )
    await first.close()
    folder.forget(first)
    const second = await serve({}, link)
    expect((await api(second, 'POST', '/sessions', { title: 'Through the link' })).status).toBe(201)
    await second.close()
    folder.forget(second)
    expect((await lstat(link)).isSymbolicLink()).toBe(true)
    const titles = (JSON.parse(await readFile(folder.file, 'utf8')) as LibrarySnapshot).sessions.map(
      ({ title }) => title,
    )
    expect(titles).toEqual(['Kept', 'Through the link'])
  })
})
