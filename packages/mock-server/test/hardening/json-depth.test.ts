import { MAX_JSON_DEPTH } from '@session-library/internal'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/node.js'
import { NOW } from '../support/harness.js'

// One depth limit for every JSON the mock takes, checked before it is parsed: an API body, a
// control body, a fault's body; what the journal keeps it can always render.

const TOKEN = 'depth-token'
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }
const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`
const LIMIT_TEXT = `deeper than ${MAX_JSON_DEPTH} levels`

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0, token: TOKEN, sessions: 1, now: NOW })
})
afterAll(() => server.close())

const send = async (method: string, path: string, body: string) => {
  const response = await fetch(`${server.url.replace('/api/v1', '')}${path}`, { method, headers, body })
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } }
}

describe('D4: one JSON depth limit, checked before parsing', () => {
  it('an API body one level past the limit is 400 naming it; at the limit it is checked as usual', async () => {
    const past = await send('POST', '/api/v1/sessions', `{"title":${nested(MAX_JSON_DEPTH)}}`)
    expect(past.status).toBe(400)
    expect(past.body.error?.message).toContain(LIMIT_TEXT)
    const edge = await send('POST', '/api/v1/sessions', `{"title":${nested(MAX_JSON_DEPTH - 1)}}`)
    expect(edge.status).toBe(400)
    expect(edge.body.error?.message).not.toContain(LIMIT_TEXT)
  })

  it('a refused body 5,000 deep leaves the journal answering 200, the body kept as text', async () => {
    const deep = nested(5_000)
    expect((await send('POST', '/api/v1/sessions', deep)).status).toBe(400)
    const journal = await fetch(`${server.url.replace('/api/v1', '')}/__mock/journal`, { headers })
    expect(journal.status).toBe(200)
    const { data } = (await journal.json()) as { data: { request: { body?: unknown } }[] }
    expect(data.at(-1)?.request.body).toBe(deep)
  })

  it('a fault body past the limit is 400 and the faults surface keeps answering; one at the limit is answered as injected', async () => {
    const past = await send('POST', '/__mock/faults', `{"status":418,"body":${nested(20_000)}}`)
    expect(past.status).toBe(400)
    expect(past.body.error?.message).toContain(LIMIT_TEXT)
    const edge = await send(
      'POST',
      '/__mock/faults',
      `{"status":418,"operation":"tagCounts.list","body":${nested(MAX_JSON_DEPTH - 1)}}`,
    )
    expect(edge.status).toBe(201)
    expect((await fetch(`${server.url.replace('/api/v1', '')}/__mock/faults`, { headers })).status).toBe(200)
    const faulted = await fetch(`${server.url}/tags`, { headers })
    expect(faulted.status).toBe(418)
    expect(await faulted.text()).toBe(nested(MAX_JSON_DEPTH - 1))
    expect((await fetch(`${server.url.replace('/api/v1', '')}/__mock/journal`, { headers })).status).toBe(200)
  })

  it('a fault given in-process with a body past the limit is refused when injected, never at the faulted call', () => {
    const deep = (depth: number) => {
      let value: unknown = 1
      for (let level = 0; level < depth; level++) value = [value]
      return value
    }
    expect(() => server.api.injectFault({ status: 418, body: deep(MAX_JSON_DEPTH + 1) as never })).toThrow(LIMIT_TEXT)
    expect(() => server.api.injectFault({ status: 418, body: deep(100_000) as never })).toThrow(LIMIT_TEXT)
    expect(server.api.faults()).toEqual([])
  })
})
