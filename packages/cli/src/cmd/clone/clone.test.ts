import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMockApi, type RunningServer, startServer } from '@session-library/mock-server/node'
import { librarySnapshot } from '@session-library/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDeviantServer } from '../../../../../test-support/deviant-server.js'
import { runCli } from '../../../test/support/cli.js'
import { writeLibraryFile } from './library-file.js'
import { readLibrary } from './read-library.js'

const token = 'clone-test-token'
const now = '2026-11-21T10:00:00.000Z'
let directory: string

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'clone-test-'))
})
afterAll(async () => {
  await rm(directory, { recursive: true, force: true })
})

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
