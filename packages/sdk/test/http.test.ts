import { type RunningServer, startServer } from '@session-library/mock-server/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { NetworkError, NotFoundError, SessionLibrary, UnauthorizedError } from '../src/index.js'

let server: RunningServer

beforeAll(async () => {
  server = await startServer({ port: 0, token: 'http-test-token', sessions: 12, importDelay: 1 })
})
beforeEach(async () => {
  server.api.clearFaults()
  await server.api.reset()
})
afterAll(async () => {
  await server?.close()
})

const client = (token = 'http-test-token') =>
  new SessionLibrary({ token, baseUrl: server.url, retry: { baseDelay: 1, maxDelay: 50 } })

describe('against the standalone mock over HTTP', () => {
  it('errors keep their class and the server message over HTTP', async () => {
    await expect(client().sessions.get('nope')).rejects.toBeInstanceOf(NotFoundError)
    await expect(client('wrong').health()).rejects.toBeInstanceOf(UnauthorizedError)
  })

  it('retries a 503 and the journal shows each attempt', async () => {
    server.api.injectFault({ status: 503, count: 2, operation: 'tagCounts.list' })
    await client().tagCounts()
    const attempts = server.api.journal().filter((entry) => entry.operation === 'tagCounts.list')
    expect(attempts.map((entry) => entry.statusCode)).toEqual([503, 503, 200])
  })

  it('a refused connection is a NetworkError after the retries', async () => {
    const closed = await startServer({ port: 0, token: 't', sessions: 0 })
    const url = closed.url
    await closed.close()
    const error = await new SessionLibrary({ token: 't', baseUrl: url, retry: { limit: 1, baseDelay: 1 } })
      .health()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
  })
})
