import { exactErrorEnvelope, LIMITS } from '@session-library/schemas'
import { HttpResponse, http } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServingServer, serveHandlers } from '../../../src/node/transport/http-server.js'
import { rawRequest, untilClosed } from './raw-http.js'

// Stand-in handlers: the adapter must serve any MSW handlers, so its rules are tested on their own.
const handlers = [
  http.post('*/api/v1/echo', async ({ request }) =>
    HttpResponse.json({ bytes: (await request.arrayBuffer()).byteLength, host: new URL(request.url).host }),
  ),
  http.get('*/api/v1/ok', () => HttpResponse.json({ data: 'ok' }, { headers: { 'X-Two': 'a' } })),
  http.get('*/api/v1/network', () => HttpResponse.error()),
  http.get('*/api/v1/throws', () => {
    throw new Error('a bug')
  }),
]

let served: ServingServer
beforeAll(async () => {
  served = await serveHandlers({
    handlers,
    port: 0,
    allowHosts: ['mock.test'],
    cors: ['http://app.test'],
    timeouts: { headers: 300, request: 600 },
  })
})
afterAll(() => served.close())

const bytes = (size: number) => new Uint8Array(size).fill(0x20)

describe('node:http adapter', () => {
  it('answers with the handler’s status, headers and body', async () => {
    const answer = await fetch(`${served.origin}/api/v1/ok`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-two')).toBe('a')
    expect(await answer.json()).toEqual({ data: 'ok' })
  })

  it('D4: a request no handler answers is 404 not_found "route not found" in the JSON envelope', async () => {
    const answer = await fetch(`${served.origin}/nowhere`)
    expect(answer.status).toBe(404)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(exactErrorEnvelope.parse(await answer.json()).error).toMatchObject({
      code: 'not_found',
      message: 'route not found',
    })
  })

  it('keeps a path that starts with // on the origin of the Host header', async () => {
    const answer = await rawRequest(served.origin, '//mock.test/api/v1/echo', { method: 'POST' })
    expect(answer.json()).toMatchObject({ host: `127.0.0.1:${served.port}` })
  })

  it('D4: a handler that throws is 500 internal_error with a generic message, and the server lives on', async () => {
    const answer = await fetch(`${served.origin}/api/v1/throws`)
    expect(answer.status).toBe(500)
    const { error } = exactErrorEnvelope.parse(await answer.json())
    expect(error).toEqual({ status: 500, code: 'internal_error', message: 'Internal server error.' })
    expect((await fetch(`${served.origin}/api/v1/ok`)).status).toBe(200)
  })

  it('drops the connection for HttpResponse.error() and keeps serving', async () => {
    await expect(fetch(`${served.origin}/api/v1/network`)).rejects.toThrow(TypeError)
    expect((await fetch(`${served.origin}/api/v1/ok`)).status).toBe(200)
  })
})

describe('D18: body limit', () => {
  it(`D18: accepts a body of exactly ${LIMITS.bodyBytes} bytes`, async () => {
    const answer = await fetch(`${served.origin}/api/v1/echo`, { method: 'POST', body: bytes(LIMITS.bodyBytes) })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ bytes: LIMITS.bodyBytes })
  })

  it('D18: refuses a body one byte over 1 MiB with 413 payload_too_large', async () => {
    const answer = await rawRequest(served.origin, '/api/v1/echo', {
      method: 'POST',
      body: bytes(LIMITS.bodyBytes + 1),
    })
    expect(answer.status).toBe(413)
    expect(exactErrorEnvelope.parse(answer.json()).error.code).toBe('payload_too_large')
  })

  it('D18: refuses a chunked body (no Content-Length) as soon as it passes 1 MiB', async () => {
    const answer = await fetch(`${served.origin}/api/v1/echo`, {
      method: 'POST',
      body: new Blob([bytes(LIMITS.bodyBytes), bytes(1)]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(answer.status).toBe(413)
    expect(exactErrorEnvelope.parse(await answer.json()).error.code).toBe('payload_too_large')
  })
})

describe('D18: Host check', () => {
  it.each(['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'LOCALHOST'])(
    'D18: serves Host %s (loopback)',
    async (host) => {
      const answer = await rawRequest(served.origin, '/api/v1/ok', { headers: { host: `${host}:${served.port}` } })
      expect(answer.status).toBe(200)
    },
  )

  it.each(['evil.example', 'localhost.evil.example', '127.0.0.1.evil.example', '10.0.0.1', '[::2]'])(
    'D18: answers 403 forbidden_host to Host %s',
    async (host) => {
      const answer = await rawRequest(served.origin, '/api/v1/ok', { headers: { host } })
      expect(answer.status).toBe(403)
      expect(exactErrorEnvelope.parse(answer.json()).error).toEqual({
        status: 403,
        code: 'forbidden_host',
        message: 'Host is not allowed.',
      })
    },
  )

  it('D18: serves a Host of the allow-list, with or without port', async () => {
    for (const host of ['mock.test', 'Mock.Test:8080']) {
      expect((await rawRequest(served.origin, '/api/v1/ok', { headers: { host } })).status).toBe(200)
    }
  })

  it('D20: answers HTTP/1.1 without Host, and two Host headers, 400 invalid_host in the envelope; HTTP/1.0 may omit it', async () => {
    const heads = {
      'no Host header': 'GET /api/v1/ok HTTP/1.1\r\nConnection: close\r\n\r\n',
      '2 Host headers': 'GET /api/v1/ok HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
    }
    for (const [problem, head] of Object.entries(heads)) {
      const { received } = await untilClosed(served.port, head)
      expect(received).toMatch(/^HTTP\/1\.1 400 /)
      const { error } = exactErrorEnvelope.parse(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)))
      expect([error.code, error.message]).toEqual(['invalid_host', expect.stringContaining(problem)])
    }
    const old = await untilClosed(served.port, 'GET /api/v1/ok HTTP/1.0\r\n\r\n')
    expect(old.received).toMatch(/^HTTP\/1\.1 200 /)
  })

  it('builds the request URL from the Host asked', async () => {
    const answer = await rawRequest(served.origin, '/api/v1/echo', { method: 'POST', headers: { host: 'mock.test' } })
    expect(answer.json()).toMatchObject({ host: 'mock.test' })
  })
})

describe('D18: CORS', () => {
  it('D18: adds no CORS header for an origin that is not allowed', async () => {
    const answer = await fetch(`${served.origin}/api/v1/ok`, { headers: { origin: 'http://evil.example' } })
    expect([...answer.headers.keys()].filter((name) => name.startsWith('access-control'))).toEqual([])
  })

  it('D18: answers an allowed origin with Access-Control-Allow-Origin', async () => {
    const answer = await fetch(`${served.origin}/api/v1/ok`, { headers: { origin: 'http://app.test' } })
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://app.test')
    expect(answer.headers.get('vary')).toBe('Origin')
  })

  it('D18: answers an allowed origin’s preflight with 204 and the methods and headers it may use', async () => {
    const answer = await fetch(`${served.origin}/api/v1/ok`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.test',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(answer.status).toBe(204)
    expect(answer.headers.get('access-control-allow-methods')).toContain('PATCH')
    expect(answer.headers.get('access-control-allow-headers')).toContain('Authorization')
  })

  it('D18: does not answer the preflight of an origin that is not allowed', async () => {
    const answer = await fetch(`${served.origin}/api/v1/ok`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'PATCH' },
    })
    expect(answer.status).not.toBe(204)
    expect(answer.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('D18: server timeouts', () => {
  it('D18: closes the connection of a client that trickles its headers past the headers timeout', async () => {
    const { ms, received } = await untilClosed(served.port, 'GET /api/v1/ok HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    expect(received).toContain('408')
    expect(ms).toBeLessThan(3_000)
  })
})
