import { MASKED } from '@session-library/schemas'
import { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { eventStream } from '../../src/control/events.js'
import { createMockApi, libraryOf, type MockApi, sessionRecord } from '../../src/index.js'
import { Runtime } from '../../src/runtime/runtime.js'
import { NOW } from '../support/harness.js'

const origin = 'http://mask.test'
const library = libraryOf([sessionRecord({ id: 'ses_0qyc8m82', title: 'Tags and sorts', lastOpened: NOW })])

describe('the one token mask (D2) in the journal, health, errors and the event stream', () => {
  const servers: { close(): void }[] = []
  afterEach(() => {
    for (const server of servers.splice(0)) server.close()
  })

  function mock(token: string): { api: MockApi; call: (path: string, init?: RequestInit) => Promise<Response> } {
    const api = createMockApi({ baseUrl: origin, token, library, now: NOW })
    const server = setupServer(...api.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    servers.push(server)
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${origin}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      })
    return { api, call }
  }

  it('D2: a one-character token never corrupts a path or query: the journal and recentRequests show them verbatim', async () => {
    const { api, call } = mock('t')
    await call('/api/v1/sessions/ses_0qyc8m82/tags?sort=title')
    const [entry] = api.journal()
    expect([entry?.path, entry?.query]).toEqual(['/api/v1/sessions/ses_0qyc8m82/tags', 'sort=title'])
    const health = await (await call('/api/v1/health')).json()
    expect(health.data.recentRequests[0].path).toBe('/api/v1/sessions/ses_0qyc8m82/tags')
  })

  it('D2: a token that is part of a word (es) leaves /api/v1/sessions alone', async () => {
    const { api, call } = mock('es')
    await call('/api/v1/sessions')
    expect(api.journal()[0]?.path).toBe('/api/v1/sessions')
  })

  it('D2: the token as a whole value, as sent or URL-encoded, is masked in the journal, health and the event stream', async () => {
    const token = 'sécret/tok'
    const { api, call } = mock(token)
    await call(`/api/v1/sessions/${encodeURIComponent(token)}?q=${encodeURIComponent(token)}`)
    const [entry] = api.journal()
    expect([entry?.path, entry?.query]).toEqual([`/api/v1/sessions/${MASKED}`, `q=${MASKED}`])
    expect(entry?.answer.body).toEqual({ error: { status: 404, code: 'not_found', message: 'session not found' } })
    const health = await (await call('/api/v1/health')).json()
    expect(health.data.recentRequests[0].path).toBe(`/api/v1/sessions/${MASKED}`)
    expect(JSON.stringify(api.journal())).not.toContain(encodeURIComponent(token))
    expect(JSON.stringify(api.journal())).not.toContain(token)
  })

  it('D2: the backlog of GET /__mock/events masks an encoded token too', async () => {
    const runtime = new Runtime({ token: 'abc def', now: NOW }, library)
    runtime.journal.record({
      time: 0,
      ms: 1,
      method: 'GET',
      origin,
      path: '/api/v1/sessions/abc%20def',
      query: '',
      statusCode: 404,
    })
    const reader = (eventStream(runtime).body as ReadableStream<Uint8Array>).getReader()
    let text = ''
    while (!text.includes('event: backlog')) text += new TextDecoder().decode((await reader.read()).value)
    await reader.cancel()
    expect(text).toContain(`/api/v1/sessions/${MASKED}`)
    expect(text).not.toContain('abc%20def')
  })

  it('D2: an error message that quotes the token (an unknown field named like it) masks it, even when short', async () => {
    const { call } = mock('zz')
    const answer = await (await call('/api/v1/sessions', { method: 'POST', body: '{"title":"A","zz":1}' })).json()
    expect(answer.error.message).toBe(`${MASKED}: is not a known field`)
  })

  it('D2: the journal keeps request headers with Authorization reduced to its scheme', async () => {
    const { api, call } = mock('s3cr3t-token')
    await call('/api/v1/health')
    expect(api.journal()[0]?.request.headers).toMatchObject({ authorization: `Bearer ${MASKED}` })
    expect(JSON.stringify(api.journal())).not.toContain('s3cr3t-token')
  })

  it('D2: a token sent as the host, which a URL reads in lower case, is masked in the journal and its headers', async () => {
    const token = 'Host-Token-XYZ'
    const api = createMockApi({ baseUrl: '*', token, library, now: NOW })
    const server = setupServer(...api.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    servers.push(server)
    await fetch(`http://${token}/api/v1/health`, { headers: { authorization: `Bearer ${token}` } })
    const [entry] = api.journal()
    expect(entry?.origin).toBe(`http://${MASKED}`)
    expect(JSON.stringify(api.journal()).toLowerCase()).not.toContain(token.toLowerCase())
  })
})
