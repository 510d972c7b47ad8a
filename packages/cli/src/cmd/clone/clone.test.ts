import { link, lstat, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMockApi, type RunningServer, startServer } from '@session-library/mock-server/node'
import { librarySnapshot } from '@session-library/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDeviantServer } from '../../../../../test-support/deviant-server.js'
import { mountSmallDisk, type SmallDisk } from '../../../../../test-support/small-disk.js'
import { runCli } from '../../../test/support/cli.js'
import { type HeldLibraryFile, holdLibraryFile } from './library-file.js'
import { readLibrary } from './read-library.js'

const token = 'clone-test-token'
const now = '2026-11-21T10:00:00.000Z'
let directory: string
// A file system of 64 KiB: a clone of 400 sessions does not fit.
const small = await mountSmallDisk(64 * 1024)

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'clone-test-'))
})
afterAll(async () => {
  await small?.unmount()
  await rm(directory, { recursive: true, force: true })
})

/** Holds a file, writes a clone into it and lets it go, as the command does. */
async function writeLibraryFile(path: string, cloned: Parameters<HeldLibraryFile['write']>[0]) {
  const held = await holdLibraryFile(path)
  try {
    return await held.write(cloned)
  } finally {
    await held.release()
  }
}

async function get(server: RunningServer, path: string): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })
  return { status: response.status, body: await response.json() }
}

/** Everything a client can read of a library: the list, and each session's reads and waveforms. */
async function everything(server: RunningServer): Promise<unknown[]> {
  const list = (await get(server, '/sessions?limit=500')) as {
    body: { data: { id: string; previews: { id: string }[] }[] }
  }
  const reads: unknown[] = [list, await get(server, '/tags')]
  for (const { id, previews } of list.body.data) {
    for (const part of ['', '/tags', '/notes', '/preview']) reads.push(await get(server, `/sessions/${id}${part}`))
    for (const preview of previews) reads.push(await get(server, `/sessions/${id}/waveform?variantId=${preview.id}`))
  }
  return reads
}

describe('session-library clone of the standalone mock', () => {
  it('writes a file from which a mock answers the same list, tags, notes, previews and waveforms', async () => {
    const source = await startServer({ port: 0, token, sessions: 6, now })
    const file = join(directory, 'mine.json')
    try {
      const run = await runCli(['clone', '--data', file, '--url', source.url, '--token', token, '--json'])
      expect(run.code).toBe(0)
      expect(JSON.parse(run.stdout)).toMatchObject({ file, sessions: 6, changed: 0, skipped: 0 })
      expect(run.stderr).toContain('[##############################] 6/6 sessions')
      const copy = await startServer({ port: 0, token, data: file })
      try {
        expect(await everything(copy)).toEqual(await everything(source))
        expect(copy.api.snapshot().waveforms?.length).toBeGreaterThan(0)
        // D5: a mock with the source's seed hands out no id that a cloned session holds.
        for (const title of ['New', 'Newer']) {
          const created = await fetch(`${copy.url}/sessions`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ title }),
          })
          expect(created.status).toBe(201)
        }
        expect(copy.api.snapshot().sessions).toHaveLength(8)
      } finally {
        await copy.close()
      }
    } finally {
      await source.close()
    }
  })

  it('refreshes the file on a re-run and keeps its nextId (D5)', async () => {
    const source = await startServer({ port: 0, token, sessions: 3, now })
    const file = join(directory, 'refresh.json')
    const target = { baseUrl: source.url, token, timeout: 5_000 }
    try {
      await writeLibraryFile(file, await readLibrary(target))
      const written = JSON.parse(await readFile(file, 'utf8'))
      await writeFile(file, JSON.stringify({ ...written, nextId: 42 }))
      const [first, second] = source.api.snapshot().sessions
      await fetch(`${source.url}/sessions/${first?.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      })
      await fetch(`${source.url}/sessions/${second?.id}/notes`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ notes: 'refreshed' }),
      })
      await writeLibraryFile(file, await readLibrary(target))
      const refreshed = librarySnapshot.parse(JSON.parse(await readFile(file, 'utf8')))
      expect(refreshed.nextId).toBe(42)
      expect(refreshed.sessions.map((session) => session.id)).not.toContain(first?.id)
      expect(refreshed.sessions.find((session) => session.id === second?.id)?.notes).toBe('refreshed')
    } finally {
      await source.close()
    }
  })
})

describe('clone of a deviant server', () => {
  it('replaces what the mock would refuse by its default, lists each change and each skipped waveform, and the file loads', async () => {
    const deviant = await startDeviantServer()
    try {
      const cloned = await readLibrary({ baseUrl: deviant.url, token: deviant.token, timeout: 2_000 })
      expect(cloned.sessions.map((session) => [session.id, session.title, session.kind])).toEqual([
        ['ses_1', 'Night Drive', 'garageband'],
        ['ses_2', '(untitled)', 'ableton'],
      ])
      expect(cloned.changed).toEqual(['ses_2.title: missing → "(untitled)"'])
      expect(cloned.waveforms.map((stored) => [stored.sessionId, stored.variantId])).toEqual([['ses_1', 'pv_1']])
      expect(cloned.skipped).toEqual(['ses_2 pv_1: waveform (404)'])
      // The server can read waveform notes (SPEC has no such read): the lane is kept, under its waveform's key (D14).
      expect(cloned.lanes).toEqual([
        expect.objectContaining({
          sessionId: 'ses_1',
          variantId: 'pv_1',
          key: 'k',
          notes: [expect.objectContaining({ id: 'wn_1' })],
        }),
      ])
      const file = join(directory, 'deviant.json')
      const library = await writeLibraryFile(file, cloned)
      const api = createMockApi({ token, library })
      await api.idle()
      expect(api.snapshot().sessions).toHaveLength(2)
      expect(api.snapshot().lanes).toHaveLength(1)
    } finally {
      await deviant.close()
    }
  })
})

describe('session-library clone and the data file (D19)', () => {
  it('refuses a file a mock serves, by its path, a symlink and a hard link: exit 2 naming the mock, the file untouched', async () => {
    const source = await startServer({ port: 0, token, sessions: 2, now })
    const file = join(directory, 'held.json')
    const served = await startServer({ port: 0, token, data: file, sessions: 1, now })
    try {
      const before = await readFile(file, 'utf8')
      await symlink(file, join(directory, 'held-link.json'))
      await link(file, join(directory, 'held-hard.json'))
      for (const path of [file, join(directory, 'held-link.json'), join(directory, 'held-hard.json')]) {
        const run = await runCli(['clone', '--data', path, '--url', source.url, '--token', token])
        expect([run.code, run.stderr]).toEqual([
          2,
          `error: --data ${path}: is in use by session-library-mock (process ${process.pid}): stop it first, then clone (it would overwrite the clone)\n`,
        ])
      }
      expect(await readFile(file, 'utf8')).toBe(before)
    } finally {
      await served.close()
      await source.close()
    }
  })

  it("writes through a symlink to its target, the link kept; the mock's old change log is not replayed over the clone, nor its seal kept", async () => {
    const source = await startServer({ port: 0, token, sessions: 2, now })
    const target = join(directory, 'target.json')
    const linked = join(directory, 'linked.json')
    try {
      const old = await startServer({ port: 0, token, data: target, sessions: 0, now })
      await old.close()
      expect(await readdir(directory)).toContain('target.json.checked')
      // A change after NUL padding (an older version's failed append) is replayed: its id counts (D5).
      await writeFile(`${target}.log`, `\0\0${JSON.stringify({ nextId: 77 })}\n${JSON.stringify({ nextId: 12 })}\n`)
      await symlink(target, linked)
      const run = await runCli(['clone', '--data', linked, '--url', source.url, '--token', token])
      expect(run.code, run.stderr).toBe(0)
      expect((await lstat(linked)).isSymbolicLink()).toBe(true)
      const written = librarySnapshot.parse(JSON.parse(await readFile(target, 'utf8')))
      expect([written.sessions.length, written.nextId]).toEqual([2, 77])
      expect(await readdir(directory)).not.toContain('target.json.log')
      expect(await readdir(directory)).not.toContain('target.json.checked')
    } finally {
      await source.close()
    }
  })

  it.skipIf(!small)(
    'a full disk is one line and exit 1; the file is as it was and no temporary file is left',
    async () => {
      const disk = small as SmallDisk
      const source = await startServer({ port: 0, token, sessions: 400, now })
      const file = join(disk.path, 'full.json')
      try {
        await writeFile(file, '{"kept":true}')
        const run = await runCli(['clone', '--data', file, '--url', source.url, '--token', token])
        expect(run.code).toBe(1)
        // Progress lines, then the one line of the error: no stack.
        const lines = run.stderr.split('\n').filter((line) => !line.startsWith('['))
        expect(lines).toEqual([
          `error: --data ${file}: cannot be written (ENOSPC: no space left on device, write); the file is as it was`,
          '',
        ])
        expect(await readFile(file, 'utf8')).toBe('{"kept":true}')
        expect(await readdir(disk.path)).toEqual(['full.json'])
      } finally {
        await source.close()
      }
    },
  )
})

describe('session-library clone refuses', () => {
  it('a missing --data with the usage exit code 2', async () => {
    const run = await runCli(['clone', '--token', 't'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('missing --data <file>')
  })

  it("a server that is down with exit 3, in the SDK's one NetworkError message (host:port and code)", async () => {
    const down = await startDeviantServer()
    await down.close()
    const run = await runCli(['clone', '--data', join(directory, 'down.json'), '--url', down.url, '--token', 't'])
    expect(run.code).toBe(3)
    const { host } = new URL(down.url)
    expect(run.stderr).toBe(`error: sessions.list: network error (GET ${down.url}/sessions): ECONNREFUSED ${host}\n`)
  })
})
