import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { NetworkError, SessionLibrary, TimeoutError } from '../../src/index.js'
import { TOKEN } from '../support/fixtures.js'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))))
})

// A port that was just free: a server is opened there and closed, so nothing listens on it.
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await new Promise((done) => server.once('listening', done))
  const { port } = server.address() as AddressInfo
  await new Promise((done) => server.close(done))
  return port
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler).listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((done) => server.once('listening', done))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
}

const client = (baseUrl: string) => new SessionLibrary({ token: TOKEN, baseUrl, retry: false })

describe('no answer', () => {
  it('D22.4: with nothing listening, the message names the method, the full URL and ECONNREFUSED host:port', async () => {
    const port = await closedPort()
    const error = await client(`http://127.0.0.1:${port}/api/v1`)
      .sessions.get('ses_1')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).message).toBe(
      `sessions.get: network error (GET http://127.0.0.1:${port}/api/v1/sessions/ses_1): ECONNREFUSED 127.0.0.1:${port}`,
    )
    expect(error).toMatchObject({ code: 'network_error', causeCode: 'ECONNREFUSED' })
  })

  it('D22.4: an unknown host names ENOTFOUND and the host', async () => {
    const error = await client('http://session-library.invalid/api/v1')
      .health()
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'NetworkError', causeCode: expect.stringMatching(/^E(NOTFOUND|AI_AGAIN)$/) })
    expect((error as Error).message).toMatch(/: E(NOTFOUND|AI_AGAIN) session-library\.invalid$/)
  })

  it('a timeout names the full URL and its length', async () => {
    const baseUrl = await listen(() => {})
    const error = await client(baseUrl)
      .health({ timeout: 40 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as Error).message).toBe(`health.get: no answer within 40 ms (GET ${baseUrl}/health)`)
  })
})

describe('D23.5: the timeout covers the body, and the body is bounded', () => {
  it('a server dripping a byte every 50 ms is a TimeoutError at the timeout, not when it ends', async () => {
    const baseUrl = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      const drip = setInterval(() => response.write(' '), 50)
      response.on('close', () => clearInterval(drip))
    })
    const started = performance.now()
    const error = await client(baseUrl)
      .health({ timeout: 300 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error).toMatchObject({ timeout: 300 })
    // Well short of an endless body; a generous bound for a loaded machine.
    expect(performance.now() - started).toBeLessThan(3_000)
  })

  it('an endless body stops at maxAnswerBytes with an error that names the limit', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    const baseUrl = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      const pump = () => {
        while (response.write(chunk)) {}
      }
      response.on('drain', pump)
      pump()
    })
    const sdk = new SessionLibrary({
      token: TOKEN,
      baseUrl,
      retry: false,
      maxAnswerBytes: 1024 * 1024,
      timeout: 10_000,
    })
    const error = await sdk.health().catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'ResponseValidationError', code: 'invalid_answer' })
    expect((error as Error).message).toContain('larger than 1048576 bytes (maxAnswerBytes)')
  })

  it('an answer at the limit is read; one byte past it is refused before reading (Content-Length)', async () => {
    const body = JSON.stringify({ data: { status: 'ok' } })
    const baseUrl = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
      response.end(body)
    })
    const at = new SessionLibrary({ token: TOKEN, baseUrl, maxAnswerBytes: body.length, validate: false })
    await expect(at.health()).resolves.toEqual({ status: 'ok' })
    const past = new SessionLibrary({ token: TOKEN, baseUrl, maxAnswerBytes: body.length - 1, validate: false })
    await expect(past.health()).rejects.toThrow(/larger than/)
  })
})

describe('D23.6: the token never in an error', () => {
  it('a server that echoes the token in its error message and body gets it masked', async () => {
    const baseUrl = await listen((request, response) => {
      const echoed = request.headers.authorization ?? ''
      response.writeHead(400, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { status: 400, code: 'invalid_json', message: `bad token ${echoed}` } }))
    })
    const error = await client(baseUrl)
      .health()
      .catch((e: unknown) => e)
    expect((error as Error).message).toBe('bad token Bearer <token>')
    expect(JSON.stringify((error as { body: unknown }).body)).not.toContain(TOKEN)
  })

  it('a plain-text error that echoes the token is masked too', async () => {
    const baseUrl = await listen((request, response) => {
      response.writeHead(502, { 'content-type': 'text/plain' })
      response.end(`upstream refused ${request.headers.authorization}`)
    })
    const error = await client(baseUrl)
      .health()
      .catch((e: unknown) => e)
    expect(String((error as Error).message)).not.toContain(TOKEN)
    expect((error as Error).message).toContain('<token>')
  })
})
