import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { type ApiError, SessionLibrary } from '../../src/index.js'
import { TOKEN } from '../support/fixtures.js'
import { usePlainServers } from '../support/plain-server.js'

const listen = usePlainServers()
const client = (baseUrl: string) => new SessionLibrary({ token: TOKEN, baseUrl, retry: false })

describe('D2: the token never in an error', () => {
  it('a server that echoes the token in its error message and body gets it masked', async () => {
    const baseUrl = await listen((request, response) => {
      const echoed = request.headers.authorization ?? ''
      response.writeHead(400, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { status: 400, code: 'invalid_json', message: `bad token ${echoed}` } }))
    })
    const error = await client(baseUrl)
      .health()
      .catch((e: unknown) => e)
    expect((error as ApiError).serverMessage).toBe('bad token Bearer <token>')
    expect((error as Error).message).not.toContain(TOKEN)
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

  it('a token echoed in response headers, \\u-escaped in the body or in another case is masked in the error, its headers and its inspection', async () => {
    const escaped = [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
    const baseUrl = await listen((request, response) => {
      response.writeHead(503, {
        'content-type': 'application/json',
        'x-echo': request.headers.authorization ?? '',
        'x-host': TOKEN.toLowerCase(),
        'set-cookie': `s=${TOKEN}`,
      })
      response.end(`{"error":{"status":503,"code":"busy","message":"busy ${escaped}"},"token":"${escaped}"}`)
    })
    const error = (await client(baseUrl)
      .health()
      .catch((e: unknown) => e)) as ApiError
    expect(error.headers.get('x-echo')).toBe('Bearer <token>')
    expect(error.headers.get('set-cookie')).toBe('[redacted]')
    for (const shown of [error.message, JSON.stringify([...error.headers]), inspect(error, { depth: 9 })]) {
      expect(shown.toLowerCase()).not.toContain(TOKEN.toLowerCase())
      expect(shown).not.toContain(escaped)
    }
  })
})
