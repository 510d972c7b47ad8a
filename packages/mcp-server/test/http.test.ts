import { request } from 'node:http'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { SessionLibrary } from '@session-library/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HttpEndpoint, type HttpOptions, serveHttp } from '../src/http.js'
import { createServer } from '../src/index.js'
import { TOKEN, useMock } from './connect.js'

const SECRET = 'mcp-http-secret-0123456789'
const BEARER = { Authorization: `Bearer ${SECRET}` }

const mock = useMock()
const serve = (options: Partial<HttpOptions> = {}) => {
  const client = new SessionLibrary({ baseUrl: mock().url, token: TOKEN })
  return serveHttp(() => createServer({ client, token: TOKEN, readOnly: true }), {
    port: 0,
    secret: SECRET,
    maxSessions: 100,
    idleMs: 600_000,
    ...options,
  })
}
let endpoint: HttpEndpoint
beforeAll(async () => {
  endpoint = await serve()
})
afterAll(() => endpoint.close())

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
})

interface Answer {
  status: number | undefined
  headers: Record<string, string | string[] | undefined>
  body: string
}

// node:http, since fetch may not set Host.
function post(headers: Record<string, string>, to: HttpEndpoint = endpoint, body = INITIALIZE): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      to.url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: text }))
      },
    )
    sent.on('error', reject)
    sent.end(body)
  })
}

const status = async (answer: Promise<Answer>) => (await answer).status
const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe('Streamable HTTP on loopback, with the Host and Origin checks of D18', () => {
  it('serves the official client at /mcp on 127.0.0.1 when it sends the secret as a bearer token', async () => {
    expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    const mcp = new Client({ name: 'test', version: '1' })
    await mcp.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: BEARER } }))
    const { tools } = await mcp.listTools()
    expect(tools.length).toBeGreaterThan(0)
    expect(tools.every((tool) => tool.annotations?.readOnlyHint)).toBe(true)
    await mcp.close()
  })

  it('refuses a Host or an Origin that is not loopback (DNS rebinding); accepts loopback ones', async () => {
    expect(await status(post({ ...BEARER, Host: 'evil.example' }))).toBe(403)
    expect(await status(post({ ...BEARER, Origin: 'http://evil.example' }))).toBe(403)
    expect(await status(post({ ...BEARER, Origin: 'null' }))).toBe(403)
    expect(await status(post({ ...BEARER, Host: 'localhost', Origin: 'http://localhost:6274' }))).toBe(200)
    expect(await status(post({ ...BEARER, Host: '[::1]' }))).toBe(200)
  })
})

describe('Streamable HTTP serves only the holder of the secret (D2)', () => {
  it('refuses a request without the secret, or with another one, 401 with WWW-Authenticate: Bearer and how to give it', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer nope' },
      { Authorization: SECRET },
      { Authorization: `Bearer ${TOKEN}` },
    ]
    for (const headers of attempts) {
      const answer = await post(headers)
      expect(answer.status).toBe(401)
      expect(answer.headers['www-authenticate']).toBe('Bearer')
      const { error } = JSON.parse(answer.body) as { error: { message: string } }
      expect(error.message).toMatch(
        /^unauthorized: send 'Authorization: Bearer <secret>' with the secret of the server's ready line/,
      )
      expect(answer.body).not.toContain(SECRET)
    }
  })

  it('the official client without the secret cannot initialize', async () => {
    const mcp = new Client({ name: 'test', version: '1' })
    await expect(mcp.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)))).rejects.toThrow()
  })
})

describe('Streamable HTTP sessions are capped and expire when idle', () => {
  it('past --max-sessions a new initialize is refused 503 and says so; a closed session frees its place', async () => {
    const capped = await serve({ maxSessions: 2 })
    try {
      const first = await post(BEARER, capped)
      expect(first.status).toBe(200)
      expect((await post(BEARER, capped)).status).toBe(200)
      const refused = await post(BEARER, capped)
      expect(refused.status).toBe(503)
      expect(refused.body).toMatch(/too many sessions: 2 are open, the most this server keeps \(--max-sessions\)/)
      const id = first.headers['mcp-session-id'] as string
      await new Promise<void>((resolve, reject) =>
        request(capped.url, { method: 'DELETE', headers: { ...BEARER, 'Mcp-Session-Id': id } }, (response) => {
          response.resume()
          response.on('end', resolve)
        })
          .on('error', reject)
          .end(),
      )
      expect(capped.openSessions).toBe(1)
      expect((await post(BEARER, capped)).status).toBe(200)
    } finally {
      await capped.close()
    }
  })

  it('a session idle past its timeout is closed: its id is unknown (404) and a new one may start', async () => {
    const short = await serve({ maxSessions: 1, idleMs: 100 })
    try {
      const first = await post(BEARER, short)
      expect(short.openSessions).toBe(1)
      expect((await post(BEARER, short)).status).toBe(503)
      await until(() => short.openSessions === 0)
      const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' })
      const stale = await post({ ...BEARER, 'Mcp-Session-Id': first.headers['mcp-session-id'] as string }, short, ping)
      expect(stale.status).toBe(404)
      expect(stale.body).toContain('unknown session (closed or expired): initialize again')
      expect((await post(BEARER, short)).status).toBe(200)
    } finally {
      await short.close()
    }
  })

  it('after 300 abandoned sessions expire, the server keeps none', async () => {
    const short = await serve({ maxSessions: 300, idleMs: 50 })
    try {
      for (let started = 0; started < 300; started += 30)
        await Promise.all(Array.from({ length: 30 }, () => post(BEARER, short)))
      expect(short.openSessions).toBeGreaterThan(0)
      await until(() => short.openSessions === 0)
      expect(short.openSessions).toBe(0)
    } finally {
      await short.close()
    }
  })
})
