import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { recordingSchema } from '@session-library/schemas'
import { afterAll, describe, expect, it } from 'vitest'
import { parseCliArgs } from '../../src/node/cli/cli-options.js'
import { startServer, writeRecording } from '../../src/node.js'
import { NOW } from '../support/harness.js'
import { servedMock } from '../support/served-mock.js'

const origin = 'http://recording.test'
const token = 'recording-secret-token'
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
const folder = await mkdtemp(join(tmpdir(), 'recording-'))
afterAll(() => rm(folder, { recursive: true, force: true }))

describe('a recording of the requests a suite sent', () => {
  const { api } = servedMock({ baseUrl: origin, token, sessions: 2, now: NOW })
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${origin}/api/v1${path}`, { headers, ...init }).then((answer) => answer.text())

  it('D1, D2: keeps each request with the answer, mode and services it met, across a reset, the token masked', async () => {
    const recorder = api.record()
    const [session] = api.store.sessions()
    await call(`/sessions/${session?.id}/tags`, { method: 'PUT', body: JSON.stringify({ tags: [token] }) })
    api.setMode('read-only')
    api.setServiceAvailable('waveform', false)
    await call(`/sessions/${session?.id}/notes`, { method: 'PUT', body: JSON.stringify({ notes: 'x' }) })
    await api.reset()
    await call(`/sessions/${session?.id}?q=${token}`)
    recorder.stop()
    await call('/health')
    const recording = recorder.recording()
    expect(recordingSchema.parse(recording)).toBeTruthy()
    expect(
      recording.exchanges.map(({ seq, method, statusCode, effectiveMode, unavailable }) => [
        seq,
        method,
        statusCode,
        effectiveMode,
        unavailable,
      ]),
    ).toEqual([
      [1, 'PUT', 200, 'full-automation', []],
      [2, 'PUT', 403, 'read-only', ['waveform']],
      [1, 'GET', 200, 'full-automation', []],
    ])
    expect(recording.exchanges[0]?.answer.body).toEqual({ data: { id: session?.id, tags: ['<token>'] } })
    expect(recording.exchanges[0]?.request.headers.authorization).toBe('Bearer <token>')
    expect(JSON.stringify(recording)).not.toContain(token)
    const file = join(folder, 'suite.json')
    await writeRecording(file, recording)
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(recording)
  })
})

describe('the standalone mock with --record <file>', () => {
  it('writes the recording when it stops; /openapi.json links the 201 of POST /sessions to the new id', async () => {
    const file = join(folder, 'server.json')
    const command = parseCliArgs(['--port', '0', '--record', file], {}, () => token)
    expect(command).toMatchObject({ kind: 'serve', options: { record: file } })
    const server = await startServer({ port: 0, token, now: NOW, record: file })
    const document = await (await fetch(`${server.origin}/openapi.json`)).json()
    await fetch(`${server.url}/sessions`, { method: 'POST', headers, body: JSON.stringify({ title: 'A' }) })
    await server.close()
    const links = document.paths['/sessions'].post.responses['201'].links
    expect(Object.keys(links)).toEqual(
      expect.arrayContaining(['sessions.get', 'sessions.update', 'sessions.delete', 'tags.put', 'notes.put']),
    )
    const recording = recordingSchema.parse(JSON.parse(await readFile(file, 'utf8')))
    expect(recording.exchanges).toMatchObject([{ seq: 1, operation: 'sessions.create', statusCode: 201 }])
  })
})
