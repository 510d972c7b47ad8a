import { type SetupServer, setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createMockApi, type MockApi, type MockOptions } from '../../src/index.js'

/**
 * One mock for a suite, served in-process by msw (unhandled requests are errors), its handlers put
 * back and the mock reset after each test, the server closed after all.
 *
 * @example
 * ```ts
 * const { api, server } = servedMock({ sessions: 2 })
 * ```
 */
export function servedMock(options: MockOptions = {}): { api: MockApi; server: SetupServer } {
  const api = createMockApi(options)
  const server = setupServer(...api.handlers)
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    api.reset()
  })
  afterAll(() => server.close())
  return { api, server }
}
