import { http, type RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { ClientOptions } from '../../src/core/options.js'
import { SessionLibrary } from '../../src/index.js'
import { BASE_URL, TOKEN } from './fixtures.js'

/** An MSW server for one test file: unhandled requests fail the test, handlers reset after each. */
export function useServer() {
  const server = setupServer()
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  return server
}

/** A client for the unit tests' fake host, with retries fast enough for a test. */
export function testClient(options: ClientOptions = {}) {
  return new SessionLibrary({ token: TOKEN, baseUrl: BASE_URL, retry: { baseDelay: 1, maxDelay: 20 }, ...options })
}

/** `url` relative to the API prefix of the fake host. */
export const api = (path: string) => `${BASE_URL}${path}`

/** A handler that counts its calls and answers from `reply`, given the call's number (1 first). */
export function counted(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  reply: (call: number, request: Request) => Response | Promise<Response>,
) {
  const calls: Request[] = []
  const handler: RequestHandler = http[method](api(path), ({ request }) => {
    calls.push(request)
    return reply(calls.length, request)
  })
  return { handler, calls }
}

/** A handler's answer that never comes: the request hangs until the client gives up. */
export const never = () => new Promise<Response>(() => {})
