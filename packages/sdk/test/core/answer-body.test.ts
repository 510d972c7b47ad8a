import { describe, expect, it } from 'vitest'
import { SessionLibrary, TimeoutError } from '../../src/index.js'
import { TOKEN } from '../support/fixtures.js'
import { usePlainServers } from '../support/plain-server.js'

const listen = usePlainServers()
const client = (baseUrl: string) => new SessionLibrary({ token: TOKEN, baseUrl, retry: false })

describe('the timeout covers the body, and the body is bounded', () => {
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
