import { exactErrorEnvelope } from '@session-library/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mockCoreFrom, startingLibrary } from '../../../src/mock-core.js'
import { createStaticRoutes } from '../../../src/node/pages/static-routes.js'
import { type ServingServer, serveHandlers } from '../../../src/node/transport/http-server.js'
import { useSuiteServer } from '../suite-server.js'
import { rawRequest } from './raw-http.js'

// The standalone server answers through msw's handlers, or reaches a mock through its entry without
// msw and without fetch's Request and Response: the request view must give what a Request gives.

const TOKEN = 'direct-answers-token'
const auth = { authorization: `Bearer ${TOKEN}` }
const json = { ...auth, 'content-type': 'application/json' }

const suiteServer = useSuiteServer({ token: TOKEN, sessions: 1 })

/** A mock served through its entry: the one request path, no msw in between. */
function useEntryServer() {
  const options = { token: TOKEN, sessions: 1, baseUrl: '*' }
  const { controls: api, entry } = mockCoreFrom(options, startingLibrary(options))
  let served: ServingServer | undefined
  beforeAll(async () => {
    served = await serveHandlers({ mock: entry, routes: createStaticRoutes(), port: 0 })
  })
  afterAll(() => served?.close())
  return () => {
    if (!served) throw new Error('not started')
    return { api, origin: served.origin, url: `${served.origin}/api/v1` }
  }
}

const entryServer = useEntryServer()

describe.each([
  ['through msw’s handlers', suiteServer],
  ['through the mock’s entry', entryServer],
])('the standalone server %s', (_, server) => {
  it('D2: two Authorization headers are read joined, as fetch’s Headers would, so the token is refused', async () => {
    const answer = await rawRequest(server().origin, '/api/v1/health', {
      headers: { authorization: [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`] } as unknown as Record<string, string>,
    })
    expect(answer.status).toBe(401)
    expect(answer.headers['www-authenticate']).toBe('Bearer')
  })

  it('D4: a write without a body is 400 invalid_json', async () => {
    const answer = await rawRequest(server().origin, '/api/v1/sessions', { method: 'POST', headers: json })
    expect(answer.status).toBe(400)
    expect(exactErrorEnvelope.parse(answer.json()).error.code).toBe('invalid_json')
  })

  it('D5: reads a chunked body, and Content-Length counts the bytes of a non-ASCII answer', async () => {
    const answer = await fetch(`${server().url}/sessions`, {
      method: 'POST',
      headers: json,
      body: new Blob([JSON.stringify({ title: 'Nuit étoilée ✨' })]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(answer.status).toBe(201)
    const text = await answer.text()
    expect(JSON.parse(text)).toMatchObject({ data: { title: 'Nuit étoilée ✨' } })
    expect(Number(answer.headers.get('content-length'))).toBe(Buffer.byteLength(text))
    expect(answer.headers.get('content-type')).toBe('application/json')
  })
})

describe('the standalone server through the mock’s entry', () => {
  const big = JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) })

  it('D3: a body over 1 MiB without a token is 401, with one 413, each journaled once by the request path', async () => {
    const { api, origin } = entryServer()
    api.reset()
    const post = (headers: Record<string, string>) =>
      rawRequest(origin, '/api/v1/sessions', { method: 'POST', headers, body: big })
    expect((await post({ 'content-type': 'application/json' })).status).toBe(401)
    expect((await post(json)).status).toBe(413)
    expect(api.journal().map((entry) => [entry.statusCode, entry.code])).toEqual([
      [401, 'unauthorized'],
      [413, 'payload_too_large'],
    ])
  })

  it('D17, D18: a refused Host is journaled through the entry; the pages and the control surface answer', async () => {
    const { api, origin } = entryServer()
    api.reset()
    const refused = await rawRequest(origin, '/api/v1/health', { headers: { ...auth, host: 'evil.example' } })
    expect(refused.status).toBe(403)
    expect(api.journal()).toMatchObject([{ statusCode: 403, code: 'forbidden_host' }])
    expect((await fetch(`${origin}/openapi.json`)).status).toBe(200)
    const mode = await fetch(`${origin}/__mock/mode`, { headers: auth })
    expect((await mode.json()).data.configuredMode).toBe('full-automation')
  })
})
