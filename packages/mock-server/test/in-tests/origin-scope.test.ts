import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { setupServer as setupServer2 } from 'msw2/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMockApi, DEFAULT_BASE_URL, type MockApi } from '../../src/index.js'

const headers = { authorization: 'Bearer test-token' }

describe('the mock answers only its own base URLs', () => {
  const servers: { close(): void }[] = []
  afterEach(() => {
    for (const server of servers.splice(0)) server.close()
    vi.unstubAllGlobals()
  })

  function listen(...handlers: Parameters<typeof setupServer>) {
    const unhandled: string[] = []
    const server = setupServer(...handlers)
    server.listen({
      onUnhandledFrame: ({ frame, defaults }) => {
        unhandled.push((frame.data as { request: Request }).request.url)
        defaults.error()
      },
    })
    servers.push(server)
    return unhandled
  }

  it('by default the SDK’s default base URL, and another origin is left to msw as unhandled', async () => {
    // The SDK's DEFAULT_BASE_URL (packages/sdk/src/config.ts).
    expect(DEFAULT_BASE_URL).toBe('http://127.0.0.1:4777/api/v1')
    const api = createMockApi({ sessions: 1 })
    const builds = http.get('https://ci.example.com/api/v1/builds', () => HttpResponse.json({ builds: [] }))
    const unhandled = listen(...api.handlers, builds)
    expect((await fetch(`${DEFAULT_BASE_URL}/sessions`, { headers })).status).toBe(200)
    expect(await (await fetch('https://ci.example.com/api/v1/builds')).json()).toEqual({ builds: [] })
    await fetch('https://unmocked.example.com/api/v1/anything').catch(() => undefined)
    expect(unhandled).toEqual(['https://unmocked.example.com/api/v1/anything'])
    expect(api.journal().map((entry) => entry.origin)).toEqual(['http://127.0.0.1:4777'])
  })

  it('answers each base URL given, its control surface on the same origins, and nothing else', async () => {
    const api = createMockApi({ baseUrl: ['http://a.test/api/v1', 'https://b.test'], sessions: 0 })
    const unhandled = listen(...api.handlers)
    expect((await fetch('http://a.test/api/v1/health', { headers })).status).toBe(200)
    expect((await fetch('https://b.test/api/v1/health', { headers })).status).toBe(200)
    expect((await fetch('https://b.test/__mock/mode', { headers })).status).toBe(200)
    await fetch(`${DEFAULT_BASE_URL}/health`, { headers }).catch(() => undefined)
    expect(unhandled).toEqual([`${DEFAULT_BASE_URL}/health`])
    expect(api.journal().map((entry) => `${entry.origin}${entry.path}`)).toEqual([
      'http://a.test/api/v1/health',
      'https://b.test/api/v1/health',
    ])
    expect(api.baseUrl).toBe('http://a.test/api/v1')
  })

  it('in a browser, the page’s own origin too', async () => {
    vi.stubGlobal('location', { origin: 'https://app.test:8443' })
    const api = createMockApi({ sessions: 0 })
    vi.unstubAllGlobals()
    const unhandled = listen(...api.handlers)
    expect((await fetch('https://app.test:8443/api/v1/health', { headers })).status).toBe(200)
    expect((await fetch(`${DEFAULT_BASE_URL}/health`, { headers })).status).toBe(200)
    expect(unhandled).toEqual([])
  })

  it('refuses a base URL that is not an origin with /api/v1, naming it', () => {
    expect(() => createMockApi({ baseUrl: 'http://a.test/v2' })).toThrow(/invalid baseUrl: "http:\/\/a\.test\/v2"/)
    expect(() => createMockApi({ baseUrl: 'a.test' })).toThrow(TypeError)
  })
})

describe('api.onUnhandled: an unhandled request is refused in the process, and explained', () => {
  it('names the mock’s base URLs and createMockApi({ baseUrl }) for one that looks like this API, a handler of your own for others', async () => {
    const api = createMockApi({ baseUrl: ['http://127.0.0.1:4777/api/v1', 'http://lib.test/api/v1'] })
    const server = setupServer(...api.handlers)
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.listen({ onUnhandledFrame: api.onUnhandled })
    try {
      await expect(fetch('http://localhost:4777/api/v1/sessions', { headers })).rejects.toThrow()
      await expect(fetch('http://elsewhere.test/health')).rejects.toThrow()
      const ours = said.mock.calls
        .map(([message]) => String(message))
        .filter((line) => line.includes('session-library'))
      expect(ours).toEqual([
        '[session-library mock] GET http://localhost:4777/api/v1/sessions reached no handler and was refused: it looks like the Session Library API, ' +
          'but the mock answers only http://127.0.0.1:4777/api/v1, http://lib.test/api/v1. ' +
          "Point the client at the mock's baseUrl, or give the mock this origin too: " +
          'createMockApi({ baseUrl: ["http://127.0.0.1:4777/api/v1", "http://lib.test/api/v1", "http://localhost:4777/api/v1"] })',
        '[session-library mock] GET http://elsewhere.test/health reached no handler and was refused: the mock answers only ' +
          'http://127.0.0.1:4777/api/v1, http://lib.test/api/v1; give msw a handler of your own for it',
      ])
      expect(said.mock.calls.length).toBeGreaterThan(ours.length) // msw's own error, for both
      expect((await fetch('http://lib.test/api/v1/health', { headers })).status).toBe(200)
    } finally {
      said.mockRestore()
      server.close()
    }
  })

  // msw 2 is given no handler of msw 3's: the callback alone is under test.
  const msws = [
    ['msw 3', (api: MockApi) => setupServer(...api.handlers), 'onUnhandledFrame'],
    ['msw 2', () => setupServer2(), 'onUnhandledRequest'],
  ] as const
  it.each(msws)(
    '%s: a request to a real server that no handler matches fails, and the server sees no connection',
    async (_, setup, option) => {
      const real = createServer((_request, response) => response.end('real'))
      let connections = 0
      real.on('connection', () => connections++)
      await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve))
      const { port } = real.address() as AddressInfo
      const api = createMockApi({ sessions: 0 })
      const server = setup(api)
      const said = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      server.listen({ [option]: api.onUnhandled })
      try {
        await expect(fetch(`http://127.0.0.1:${port}/api/v1/sessions`, { headers })).rejects.toThrow()
        await expect(fetch(`http://127.0.0.1:${port}/elsewhere`, { method: 'POST', body: 'x' })).rejects.toThrow()
        expect(connections).toBe(0)
        expect(String(said.mock.calls[0]?.[0])).toContain(
          `127.0.0.1:${port}/api/v1/sessions reached no handler and was refused`,
        )
      } finally {
        said.mockRestore()
        server.close()
        await new Promise((resolve) => real.close(resolve))
      }
    },
  )
})
