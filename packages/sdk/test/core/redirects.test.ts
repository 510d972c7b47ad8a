import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { ApiError, SessionLibrary } from '../../src/index.js'
import { TOKEN } from '../support/fixtures.js'
import { usePlainServers } from '../support/plain-server.js'

const listen = usePlainServers()
const client = (baseUrl: string) => new SessionLibrary({ token: TOKEN, baseUrl, retry: false, validate: false })

/** A server that counts and keeps what reaches it, answering each request `{ data: … }`. */
async function target() {
  const seen: IncomingMessage[] = []
  const baseUrl = await listen((request, response) => {
    seen.push(request)
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ data: { deleted: true, id: 'ses_1', status: 'ok' } }))
  })
  return { baseUrl, seen }
}

/** A server that answers every request with `status` and a `Location` of `to`'s path. */
const redirecting = (status: number, to: (path: string) => string) =>
  listen((request, response) => {
    response.writeHead(status, { location: to(request.url ?? '/') })
    response.end()
  })

describe('D2: a redirect never repeats a write or takes the token to another origin (SDK)', () => {
  for (const status of [301, 302, 307, 308])
    it(`a DELETE answered ${status} to another origin is not re-sent: the error names the status and the Location`, async () => {
      const other = await target()
      const baseUrl = await redirecting(status, (path) => `${new URL(other.baseUrl).origin}${path}`)
      const error = await client(baseUrl)
        .sessions.delete('ses_1')
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).status).toBe(status)
      expect((error as Error).message).toContain(`${status}`)
      expect((error as Error).message).toContain(
        `redirected to ${new URL(other.baseUrl).origin}/api/v1/sessions/ses_1, not followed`,
      )
      expect(other.seen).toHaveLength(0)
    })

  it('a GET redirected to another origin is not followed either', async () => {
    const other = await target()
    const baseUrl = await redirecting(302, (path) => `${new URL(other.baseUrl).origin}${path}`)
    const error = await client(baseUrl)
      .health()
      .catch((e: unknown) => e)
    expect((error as ApiError).status).toBe(302)
    expect(other.seen).toHaveLength(0)
  })

  it('a write redirected within the origin is not followed; a GET is, with its token', async () => {
    const seen: IncomingMessage[] = []
    const baseUrl = await listen((request, response) => {
      seen.push(request)
      if (!request.url?.startsWith('/moved')) {
        response.writeHead(307, { location: `/moved${request.url}` })
        return response.end()
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ data: { status: 'ok' } }))
    })
    const error = await client(baseUrl)
      .sessions.delete('ses_1')
      .catch((e: unknown) => e)
    expect([(error as ApiError).status, seen.length]).toEqual([307, 1])
    await expect(client(baseUrl).health()).resolves.toEqual({ status: 'ok' })
    expect(seen.map((request) => [request.url, request.headers.authorization])).toEqual([
      ['/api/v1/sessions/ses_1', `Bearer ${TOKEN}`],
      ['/api/v1/health', `Bearer ${TOKEN}`],
      ['/moved/api/v1/health', `Bearer ${TOKEN}`],
    ])
  })
})
