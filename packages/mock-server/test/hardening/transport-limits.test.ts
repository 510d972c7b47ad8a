import { exactErrorEnvelope, LIMITS } from '@session-library/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/node.js'
import { rawRequest, untilClosed } from '../node/transport/raw-http.js'
import { trickleCreateBody, trickleUntilClosed } from '../support/slow-client.js'

// D18 on the whole standalone mock (test/node covers the adapter on stand-in handlers): the Host
// check guards every route and changes no data, a declared oversized body is refused unread, and
// clients that trickle their head or body, or idle, lose the connection within the limits.

const TOKEN = 'transport-limits-token'
const auth = { authorization: `Bearer ${TOKEN}` }
const TIMEOUTS = { headers: 400, request: 800, keepAlive: 300 }

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0, token: TOKEN, sessions: 2, timeouts: TIMEOUTS })
})
afterAll(() => server.close())

/** The library and the journal, to prove a refused request left both alone. */
const state = () => ({ library: server.api.snapshot(), journal: server.api.journal() })

/** Status and envelope of the last answer in raw bytes received. */
function lastAnswer(received: string): { status: number; body: unknown } {
  const answer = received.slice(received.lastIndexOf('HTTP/1.1 '))
  return { status: Number(answer.slice(9, 12)), body: JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) }
}

describe('D18: DNS-rebinding Host check on every route of the mock', () => {
  const hosts = ['evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', '10.0.0.1:4777']
  const routes = [
    ['POST', '/api/v1/sessions', '{"title":"Rebound"}'],
    ['POST', '/__mock/reset', ''],
    ['PUT', '/__mock/mode', '{"configuredMode":"read-only"}'],
    ['GET', '/openapi.json', undefined],
  ] as const

  it.each(hosts)(
    'D18: Host %s gets 403 forbidden_host on the API, the control surface and the document; the library is unchanged',
    async (host) => {
      const before = state()
      for (const [method, path, body] of routes) {
        const answer = await rawRequest(server.origin, path, {
          method,
          headers: { ...auth, host, 'content-type': 'application/json' },
          body,
        })
        expect(answer.status).toBe(403)
        expect(exactErrorEnvelope.parse(answer.json()).error.code).toBe('forbidden_host')
      }
      // The library is untouched; the journal gains the refusal under /api/v1 and nothing else,
      // because D17 counts every answered request under /api/v1 and a refused Host is answered.
      const after = state()
      expect(after.library).toEqual(before.library)
      expect(after.journal.slice(0, before.journal.length)).toEqual(before.journal)
      expect(after.journal.slice(before.journal.length)).toMatchObject([
        { method: 'POST', path: '/api/v1/sessions', statusCode: 403, code: 'forbidden_host' },
      ])
    },
  )
})

describe('D20: a Host that is not host[:port]', () => {
  const health = async () =>
    rawRequest(server.origin, '/api/v1/health', { headers: auth }).then((answer) => answer.json()) as Promise<{
      data: { lastError?: string }
    }>

  it('D20: Host [::1]:PORT/api/v1/sessions/<A># with DELETE /api/v1/sessions/<B> is 400 invalid_host and deletes neither', async () => {
    const [a, b] = server.api.snapshot().sessions.map(({ id }) => id) as [string, string]
    const answer = await rawRequest(server.origin, `/api/v1/sessions/${b}`, {
      method: 'DELETE',
      headers: { ...auth, host: `[::1]:${server.port}/api/v1/sessions/${a}#` },
    })
    expect(answer.status).toBe(400)
    expect(exactErrorEnvelope.parse(answer.json()).error.code).toBe('invalid_host')
    expect(server.api.snapshot().sessions.map(({ id }) => id)).toEqual([a, b])
  })

  it.each(['localhost:99999', '127.0.0.1:abc', '[::1]evil.example', '127.0.0.1@evil.example', '[::1'])(
    'D20: Host %j is 400 invalid_host before routing, not a 500, and sets no lastError',
    async (host) => {
      const answer = await rawRequest(server.origin, '/api/v1/sessions', { headers: { ...auth, host } })
      expect(answer.status).toBe(400)
      expect(exactErrorEnvelope.parse(answer.json()).error).toEqual({
        status: 400,
        code: 'invalid_host',
        message: 'Host header must be a host name or address, with an optional port.',
      })
      expect((await health()).data.lastError).toBeUndefined()
    },
  )

  it('D20: a valid Host at the edges of the port range still passes', async () => {
    for (const host of ['localhost:65535', '127.0.0.1:0', `[::1]:${server.port}`, 'LOCALHOST']) {
      expect((await rawRequest(server.origin, '/api/v1/health', { headers: { ...auth, host } })).status).toBe(200)
    }
  })
})

describe('D20: a request head too large', () => {
  it('D20: a head past Node’s header limit is a JSON 431 headers_too_large, not invalid_json', async () => {
    const head = `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`
    const { received } = await untilClosed(server.port, head)
    expect(lastAnswer(received)).toMatchObject({
      status: 431,
      body: { error: { status: 431, code: 'headers_too_large', message: 'Request head is too large.' } },
    })
  })
})

describe('D18: body limit', () => {
  it('D18: a declared Content-Length over 1 MiB is refused with 413 before the body is sent, and creates nothing', async () => {
    const before = state()
    const head = [
      'POST /api/v1/sessions HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${TOKEN}`,
      'Content-Type: application/json',
      `Content-Length: ${LIMITS.bodyBytes + 1}`,
    ]
    const { ms, received } = await untilClosed(server.port, `${head.join('\r\n')}\r\n\r\n{"title":`)
    expect(lastAnswer(received)).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } } })
    expect(ms).toBeLessThan(TIMEOUTS.request)
    expect(state().library).toEqual(before.library)
  })

  it('D3: a declared body of 100 MiB without a valid token is 401 at once, unread, and the connection closed', async () => {
    const before = state()
    const head = [
      'POST /api/v1/sessions HTTP/1.1',
      'Host: 127.0.0.1',
      'Authorization: Bearer wrong-token',
      'Content-Type: application/json',
      `Content-Length: ${100 * LIMITS.bodyBytes}`,
    ]
    const { ms, received } = await untilClosed(server.port, `${head.join('\r\n')}\r\n\r\n{"title":`)
    expect(lastAnswer(received)).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
    // Closed by the server after its answer, not by the request timeout waiting for the body.
    expect(ms).toBeLessThan(TIMEOUTS.request)
    expect(state().library).toEqual(before.library)
  })

  it('D18: the control surface has the same limit', async () => {
    const body = JSON.stringify({ configuredMode: 'read-only', pad: ' '.repeat(LIMITS.bodyBytes) })
    const answer = await rawRequest(server.origin, '/__mock/mode', { method: 'PUT', headers: auth, body })
    expect(answer.status).toBe(413)
    expect((await rawRequest(server.origin, '/__mock/mode', { headers: auth })).json()).toMatchObject({
      data: { configuredMode: 'full-automation' },
    })
  })
})

describe('D18: server timeouts stop slow clients', () => {
  it('D18, D20: a client that keeps trickling header lines is cut off at the headers limit with a JSON 408 request_timeout', async () => {
    const { ms, received } = await trickleUntilClosed(
      server.port,
      'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      'X-Slow: loris\r\n'.repeat(100),
      20,
    )
    expect(lastAnswer(received)).toMatchObject({
      status: 408,
      body: { error: { status: 408, code: 'request_timeout' } },
    })
    expect(ms).toBeGreaterThanOrEqual(TIMEOUTS.headers - 50)
    expect(ms).toBeLessThan(TIMEOUTS.headers + 1_500)
  })

  it('D18: a client that trickles its body is cut off at the request limit, and nothing is created', async () => {
    const before = state()
    const { ms } = await trickleCreateBody(server.port, TOKEN)
    expect(ms).toBeLessThan(TIMEOUTS.request + 1_500)
    expect(state().library).toEqual(before.library)
  })

  it('D18: an idle kept-alive connection is closed after the keep-alive limit', async () => {
    const request = `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`
    const { ms, received } = await untilClosed(server.port, request)
    expect(received).toMatch(/^HTTP\/1\.1 200 /)
    // Node adds about a second of grace to the keep-alive limit.
    expect(ms).toBeLessThan(TIMEOUTS.keepAlive + 2_500)
  })
})
