import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exactErrorEnvelope, LIMITS } from '@session-library/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/node.js'
import { rawRequest } from './transport/raw-http.js'

const TOKEN = 'start-server-token'
const auth = { Authorization: `Bearer ${TOKEN}` }
const post = (body: string) => ({ method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body })

/** A mono 16-bit PCM WAV file: `seconds` of a square wave at `amplitude` of full scale. */
function squareWav(sampleRate: number, seconds: number, amplitude: number): Uint8Array {
  const frames = sampleRate * seconds
  const view = new DataView(new ArrayBuffer(44 + frames * 2))
  const text = (offset: number, value: string) => {
    for (const [index, char] of [...value].entries()) view.setUint8(offset + index, char.charCodeAt(0))
  }
  text(0, 'RIFF')
  view.setUint32(4, 36 + frames * 2, true)
  text(8, 'WAVE')
  text(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, 1, true)
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * 2, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  text(36, 'data')
  view.setUint32(40, frames * 2, true)
  for (let frame = 0; frame < frames; frame += 1) {
    view.setInt16(44 + frame * 2, (frame % 2 ? 1 : -1) * Math.round(amplitude * 32767), true)
  }
  return new Uint8Array(view.buffer)
}

let server: RunningServer
let directory: string
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'mock-start-'))
  server = await startServer({ port: 0, token: TOKEN, sessions: 2, importDelay: 0 })
})
afterAll(async () => {
  await server.close()
  await rm(directory, { recursive: true, force: true })
})

describe('startServer: the mock over HTTP', () => {
  it('D17: binds 127.0.0.1 and gives the base URL ending in /api/v1', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/api/v1`)
    const answer = await fetch(`${server.url}/health`, { headers: auth })
    expect(((await answer.json()) as { data: { port: number } }).data.port).toBe(server.port)
  })

  it('D18: accepts a body of exactly 1 MiB and refuses one byte more with 413, creating nothing', async () => {
    const edge = (size: number) => {
      const json = JSON.stringify({ title: `Edge ${size}` })
      return json + ' '.repeat(size - json.length)
    }
    const accepted = await fetch(`${server.url}/sessions`, post(edge(LIMITS.bodyBytes)))
    expect(accepted.status).toBe(201)
    const refused = await rawRequest(server.origin, '/api/v1/sessions', post(edge(LIMITS.bodyBytes + 1)))
    expect(refused.status).toBe(413)
    expect(exactErrorEnvelope.parse(refused.json()).error.code).toBe('payload_too_large')
    const titles = server.api.snapshot().sessions.map(({ title }) => title)
    expect(titles).toContain(`Edge ${LIMITS.bodyBytes}`)
    expect(titles).not.toContain(`Edge ${LIMITS.bodyBytes + 1}`)
  })

  it('drops the connection for a network fault and keeps serving', async () => {
    server.api.injectFault({ network: true, operation: 'health.get' })
    await expect(fetch(`${server.url}/health`, { headers: auth })).rejects.toThrow(TypeError)
    expect((await fetch(`${server.url}/health`, { headers: auth })).status).toBe(200)
  })

  it('answers a status fault with its status and Retry-After', async () => {
    server.api.injectFault({ status: 503, retryAfter: 2, operation: 'tagCounts.list' })
    const answer = await fetch(`${server.url}/tags`, { headers: auth })
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe('2')
  })

  it('D2: the control surface needs the token', async () => {
    expect((await fetch(`${server.origin}/__mock/mode`)).status).toBe(401)
    expect((await fetch(`${server.origin}/__mock/mode`, { headers: auth })).status).toBe(200)
  })

  it('D13: gives the real peaks of a preview whose path names a WAV file on disk', async () => {
    const path = join(directory, 'preview.wav')
    await writeFile(path, squareWav(8_000, 2, 0.5))
    const items = [{ projectPath: join(directory, 'song.als'), previewAudioPath: path }]
    expect((await fetch(`${server.url}/import`, post(JSON.stringify({ items, generatePreviews: true })))).status).toBe(
      202,
    )
    await server.api.idle()
    const [progress] = server.api.imports()
    const id = progress?.createdSessionIds[0] as string
    const answer = await fetch(`${server.url}/sessions/${id}/waveform`, { headers: auth })
    const { waveform } = ((await answer.json()) as { data: { waveform: Record<string, unknown> } }).data
    expect(waveform).toMatchObject({ duration: 2, sampleRate: 8_000 })
    expect(waveform.audioVersion).toMatch(/^wav-/)
    expect(Math.max(...(waveform.peaks as number[]))).toBeCloseTo(0.5, 3)
  })
})
