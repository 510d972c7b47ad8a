import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMockApi, type MockApi, ownMock } from '../../src/index.js'

const server = setupServer(...createMockApi({ sessions: 0 }).handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
// msw's usual hook: it must not take the handlers of a test still running.
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const sessions = async (api: MockApi) => {
  const answer = await fetch(`${api.baseUrl}/sessions`, { headers: { authorization: `Bearer ${api.token}` } })
  return (await answer.json()).meta.total
}
const mocks = Array.from({ length: 8 }, (_, at) => at)

describe('ownMock survives server.resetHandlers() and never piles handlers up', () => {
  const handlers = server.listHandlers().length
  for (const at of mocks) {
    it.concurrent(`test ${at} reaches its own mock while the others end`, async () => {
      const api = ownMock(server, { sessions: at })
      await new Promise((resolve) => setTimeout(resolve, 5 * (mocks.length - at)))
      expect(await sessions(api)).toBe(at)
      expect(server.listHandlers()).toHaveLength(handlers)
      api.dispose()
    })
  }

  it('answers a disposed one’s origin itself, saying so, and nothing leaves the process', async () => {
    const api = ownMock(server)
    api.dispose()
    const answer = await fetch(`${api.baseUrl}/health`)
    expect(answer.status).toBe(404)
    expect((await answer.json()).error.message).toContain('it was disposed')
  })
})

describe('two mocks on one base URL in one msw server', () => {
  it('the shadowed one says so at its first control call, naming the one that answers', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const first = createMockApi({ baseUrl: 'http://shadow.test/api/v1' })
    const second = createMockApi({ baseUrl: 'http://shadow.test/api/v1' })
    server.use(...first.handlers, ...second.handlers)
    await fetch('http://shadow.test/api/v1/health', { headers: { authorization: 'Bearer test-token' } })
    second.setMode('read-only')
    second.journal()
    expect(warned).toHaveBeenCalledTimes(1)
    expect(warned.mock.calls[0]?.[0]).toMatch(
      /^\[session-library mock\] createMockApi #(\d+) answers nothing at http:\/\/shadow\.test: createMockApi #(\d+) answers it/,
    )
    const [, shadowed, answering] = /#(\d+)[^#]+#(\d+)/.exec(String(warned.mock.calls[0]?.[0])) ?? []
    expect(Number(shadowed)).toBe(Number(answering) + 1)
    first.setMode('read-only')
    expect(warned).toHaveBeenCalledTimes(1)
    warned.mockRestore()
    first.dispose()
    second.dispose()
  })
})

describe('CORS in process (D18): preflights of the mock’s own origins', () => {
  const api = createMockApi({ baseUrl: ['http://127.0.0.1:4777/api/v1', 'http://page.test/api/v1'] })
  const preflight = (origin: string) =>
    fetch(`${api.baseUrl}/sessions`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    })

  it('answers 204 for its own origin, the API’s 401 for another; the answer carries the origin', async () => {
    server.use(...api.handlers)
    const own = await preflight('http://page.test')
    expect([own.status, own.headers.get('access-control-allow-origin')]).toEqual([204, 'http://page.test'])
    expect(own.headers.get('access-control-allow-headers')).toContain('Authorization')
    expect((await preflight('http://elsewhere.test')).status).toBe(401)
    const answer = await fetch(`${api.baseUrl}/health`, {
      headers: { origin: 'http://page.test', authorization: 'Bearer test-token' },
    })
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://page.test')
  })

  it('answers none with cors: []', async () => {
    const closed = createMockApi({ baseUrl: 'http://closed.test/api/v1', cors: [] })
    server.use(...closed.handlers)
    const answer = await fetch(`${closed.baseUrl}/sessions`, {
      method: 'OPTIONS',
      headers: { origin: 'http://closed.test', 'access-control-request-method': 'GET' },
    })
    expect(answer.status).toBe(401)
  })
})
