import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockApi } from '../../src/index.js'
import { type RunningServer, startServer } from '../../src/node.js'

const TOKEN = 'prefer-token'
let server: RunningServer
let off: RunningServer
beforeAll(async () => {
  ;[server, off] = await Promise.all([
    startServer({ port: 0, token: TOKEN, sessions: 2 }),
    startServer({ port: 0, token: TOKEN, sessions: 2, prefer: false }),
  ])
})
afterAll(() => Promise.all([server.close(), off.close()]))

const call = async (base: string, path: string, prefer?: string, init: RequestInit = {}) => {
  const headers = { Authorization: `Bearer ${TOKEN}`, ...(prefer !== undefined && { Prefer: prefer }) }
  const answer = await fetch(`${base}${path}`, { headers, ...init })
  return { status: answer.status, body: await answer.json() }
}

describe('D21: Prefer: code=<status> forces one request’s documented error, on the standalone server', () => {
  it('answers 501 waveform_unavailable for a waveform there is, then the waveform again without the header', async () => {
    const [session] = server.api.store.sessions()
    const path = `/sessions/${session?.id}/waveform`
    expect(await call(server.url, path, 'code=501')).toEqual({
      status: 501,
      body: { error: { status: 501, code: 'waveform_unavailable', message: 'Waveform service is unavailable.' } },
    })
    expect((await call(server.url, path)).status).toBe(200)
    expect(
      server.api.requests({ operation: 'waveform.get' }).map(({ statusCode, forced }) => [statusCode, forced]),
    ).toEqual([
      [501, true],
      [200, undefined],
    ])
  })

  it('answers 404 not_found for a session there is, in any letter case, among other preferences', async () => {
    const [session] = server.api.store.sessions()
    expect(await call(server.url, `/sessions/${session?.id}`, 'return=minimal, CODE=404')).toEqual({
      status: 404,
      body: { error: { status: 404, code: 'not_found', message: 'session not found' } },
    })
    expect((await call(server.url, `/sessions/${session?.id}`)).body.data.id).toBe(session?.id)
  })

  it('changes nothing: a forced DELETE deletes nothing, a pending fault waits, a 500 is not health’s lastError', async () => {
    const [session] = server.api.store.sessions()
    server.api.injectFault({ status: 500, operation: 'sessions.delete' })
    expect((await call(server.url, `/sessions/${session?.id}`, 'code=503', { method: 'DELETE' })).body.error.code).toBe(
      'storage_unavailable',
    )
    expect((await call(server.url, '/health', 'code=500')).status).toBe(500)
    expect(server.api.store.session(session?.id ?? '')).toBeDefined()
    expect(server.api.faults()).toHaveLength(1)
    expect((await call(server.url, '/health')).body.data.lastError).toBeUndefined()
    server.api.clearFaults()
  })

  it('refuses a status the operation does not document with 400 invalid_prefer naming the ones it does', async () => {
    expect(await call(server.url, '/sessions', 'code=501')).toEqual({
      status: 400,
      body: {
        error: {
          status: 400,
          code: 'invalid_prefer',
          message: 'Prefer: code=501 is no answer of sessions.list; it answers 400, 401, 500.',
        },
      },
    })
    expect((await call(server.url, '/sessions', 'code=teapot')).body.error.code).toBe('invalid_prefer')
  })

  it('comes after the token (401) and the route (404); a Prefer without code= is ignored', async () => {
    const answer = await fetch(`${server.url}/sessions`, { headers: { Prefer: 'code=400' } })
    expect(answer.status).toBe(401)
    expect((await call(server.url, '/nowhere', 'code=400')).body.error.code).toBe('not_found')
    expect((await call(server.url, '/sessions', 'return=minimal')).status).toBe(200)
  })

  it('is ignored with --no-prefer (prefer: false): every request gets the real rules', async () => {
    expect((await call(off.url, '/sessions', 'code=400')).status).toBe(200)
  })
})

describe('D21 in process: the msw handlers and api.fetch answer it alike', () => {
  const api = createMockApi({ token: TOKEN, sessions: 1 })
  const msw = setupServer(...api.handlers)
  beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }))
  afterAll(() => msw.close())

  it('forces the 403 read_only of a create through msw and through api.fetch', async () => {
    const init = { method: 'POST', body: '{"title":"A"}' }
    const headers = { Authorization: `Bearer ${TOKEN}`, Prefer: 'code=403', 'Content-Type': 'application/json' }
    const through = [
      await fetch(`${api.baseUrl}/sessions`, { ...init, headers }),
      await api.fetch(`${api.baseUrl}/sessions`, { ...init, headers }),
    ]
    for (const answer of through) expect((await answer.json()).error.code).toBe('read_only')
    expect(api.store.sessions()).toHaveLength(1)
  })
})
