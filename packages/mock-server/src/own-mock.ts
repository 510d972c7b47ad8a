import type { RequestHandler } from 'msw'
import { createMockApi } from './mock-api.js'
import type { MockApi } from './mock-controls.js'
import type { MockOptions } from './mock-options.js'

/** What the helpers need of msw's `setupServer()` (or `setupWorker()`): `use`, and `boundary` where msw has it. */
export interface MockServer {
  /** Puts handlers first (msw's `server.use`). */
  use(...handlers: RequestHandler[]): void
  /** Scopes what `use` adds to a callback and what it calls (msw's `server.boundary`). */
  boundary?: <Args extends unknown[], R>(callback: (...args: Args) => R) => (...args: Args) => R
}

let mocksMade = 0

function mockUsed(server: MockServer, options: MockOptions): MockApi {
  const api = createMockApi(options)
  server.use(...api.handlers)
  return api
}

/**
 * A mock of its own for one test, on an origin of its own (`http://mock-<n>.test/api/v1` unless
 * `options.baseUrl` says otherwise), its handlers put first with `server.use`: what a vitest
 * fixture needs. The code under test must use `api.baseUrl`. Its handlers stay until
 * `server.resetHandlers()`: do not reset while other tests run.
 */
export function ownMock(server: MockServer, options: MockOptions = {}): MockApi {
  mocksMade += 1
  return mockUsed(server, { baseUrl: `http://mock-${mocksMade}.test/api/v1`, ...options })
}

/**
 * Wraps a test so that it runs with a mock of its own, a whole library no other test sees: one line
 * per concurrent test. Under msw's `server.boundary()` (msw 3, and msw 2 ≥ 2.0 in Node) the mock
 * answers its usual base URLs for this test alone, so code that calls the default base URL works
 * unchanged; where msw has no boundary (a browser's `setupWorker`), the mock is an {@link ownMock}
 * and the test must use `api.baseUrl`. The mock is disposed when the test ends.
 *
 * @example
 * ```ts
 * test.concurrent('tags a session', withMock(server, async (api) => {
 *   await new SessionLibrary({ token: api.token, baseUrl: api.baseUrl }).tags.replace('ses_1', ['a'])
 * }))
 * ```
 */
export function withMock<Args extends unknown[]>(
  server: MockServer,
  test: (api: MockApi, ...args: Args) => unknown,
  options: MockOptions = {},
): (...args: Args) => Promise<void> {
  const run = async (api: MockApi, args: Args) => {
    try {
      await test(api, ...args)
    } finally {
      api.dispose()
    }
  }
  if (server.boundary === undefined) return (...args) => run(ownMock(server, options), args)
  return server.boundary((...args: Args) => run(mockUsed(server, options), args))
}
