import { LIMITS } from '@session-library/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ExchangeSummary, type RunningServer, startServer } from '../../../src/node.js'
import { trickleCreateBody } from '../../support/slow-client.js'
import { rawRequest, untilClosed } from './raw-http.js'

// Answers the standalone transport gives itself, before the handlers see the request: they are
// answered requests all the same, so D17's health counts them, and the request log tells what went out.

const TOKEN = 'transport-journal-token'
const auth = { authorization: `Bearer ${TOKEN}` }
const TIMEOUTS = { headers: 300, request: 600 }

interface Health {
  data: { requestCount: number; recentRequests: { method: string; path: string; statusCode: number }[] }
}

let server: RunningServer
const exchanges: ExchangeSummary[] = []
beforeAll(async () => {
  server = await startServer({
    port: 0,
    token: TOKEN,
    sessions: 1,
    timeouts: TIMEOUTS,
    onExchange: (exchange) => exchanges.push(exchange),
  })
})
afterAll(() => server.close())

async function health(): Promise<Health['data']> {
  return ((await rawRequest(server.origin, '/api/v1/health', { headers: auth })).json() as Health).data
}

describe('D17: answers of the transport count as answered requests', () => {
  it('D17: a 403 forbidden_host and a 413 under /api/v1 show up in requestCount and recentRequests', async () => {
    await server.api.reset()
    const refused = await rawRequest(server.origin, '/api/v1/sessions?limit=5', {
      headers: { ...auth, host: 'evil.example' },
    })
    expect(refused.status).toBe(403)
    const tooLarge = await rawRequest(server.origin, '/api/v1/sessions', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: ' '.repeat(LIMITS.bodyBytes + 1),
    })
    expect(tooLarge.status).toBe(413)
    const { requestCount, recentRequests } = await health()
    expect(requestCount).toBe(2)
    expect(recentRequests).toMatchObject([
      { method: 'POST', path: '/api/v1/sessions', statusCode: 413 },
      { method: 'GET', path: '/api/v1/sessions', statusCode: 403 },
    ])
    expect(server.api.journal()).toMatchObject([
      { method: 'GET', path: '/api/v1/sessions', query: 'limit=5', statusCode: 403, code: 'forbidden_host' },
      { method: 'POST', path: '/api/v1/sessions', query: '', statusCode: 413, code: 'payload_too_large' },
      { method: 'GET', path: '/api/v1/health', statusCode: 200 },
    ])
  })

  it('D17: answers outside /api/v1 are not journaled, as the handlers journal none there', async () => {
    await server.api.reset()
    expect((await rawRequest(server.origin, '/openapi.json', { headers: { host: 'evil.example' } })).status).toBe(403)
    expect((await rawRequest(server.origin, '/__mock/mode', { headers: { host: 'evil.example' } })).status).toBe(403)
    expect(server.api.journal()).toEqual([])
  })

  it('D17: the token put in the path of a refused request is masked in the journal', async () => {
    await server.api.reset()
    await rawRequest(server.origin, `/api/v1/sessions/${TOKEN}`, { headers: { host: 'evil.example' } })
    expect(server.api.journal()).toMatchObject([{ path: '/api/v1/sessions/<token>', statusCode: 403 }])
  })

  it('D17: a request head Node refuses (no request to attribute a path to) is not journaled', async () => {
    await server.api.reset()
    const { received } = await untilClosed(server.port, 'GET /api/v1/health HTTP/1.1\r\nBad Header\r\n\r\n')
    expect(received).toMatch(/^HTTP\/1\.1 400 /)
    expect(server.api.journal()).toEqual([])
  })
})

describe('D18: a body trickled past the request timeout', () => {
  it('D18: the request log and onExchange report the 408 that went out, and D17 counts it', async () => {
    await server.api.reset()
    exchanges.length = 0
    const { received } = await trickleCreateBody(server.port, TOKEN)
    expect(received).toMatch(/^HTTP\/1\.1 408 /)
    await expect.poll(() => exchanges.length).toBe(1)
    expect(exchanges[0]).toMatchObject({ method: 'POST', url: '/api/v1/sessions', status: 408 })
    expect(server.api.journal()).toMatchObject([{ method: 'POST', path: '/api/v1/sessions', statusCode: 408 }])
  })
})

describe('the standalone journal keeps what the in-process one keeps', () => {
  it('D2: an entry of the standalone mock holds the request headers, repeats joined, the token masked', async () => {
    await server.api.reset()
    const answer = await rawRequest(server.origin, '/api/v1/health?x=1', {
      headers: { ...auth, 'x-trace': ['a', 'b'] },
    })
    expect(answer.status).toBe(200)
    const [entry] = server.api.journal()
    expect(entry?.origin).toBe(server.origin)
    expect(entry?.query).toBe('x=1')
    expect(entry?.request.headers).toMatchObject({ 'x-trace': 'a, b', authorization: 'Bearer <token>' })
    expect(JSON.stringify(entry)).not.toContain(TOKEN)
  })

  it('D17: an answer of the transport is journaled with the origin it was sent to; an invalid Host with the address it arrived on', async () => {
    await server.api.reset()
    await rawRequest(server.origin, '/api/v1/health', { headers: { ...auth, host: 'evil.example:4777' } })
    await rawRequest(server.origin, '/api/v1/health', { headers: { ...auth, host: 'bad host' } })
    const [forbidden, invalid] = server.api.journal()
    expect(forbidden).toMatchObject({ statusCode: 403, code: 'forbidden_host', origin: 'http://evil.example:4777' })
    expect(invalid).toMatchObject({ statusCode: 400, code: 'invalid_host', origin: server.origin })
  })
})
