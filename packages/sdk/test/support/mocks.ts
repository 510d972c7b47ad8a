import { createMockApi, type MockApi, type MockOptions } from '@session-library/mock-server'
import { startServer } from '@session-library/mock-server/node'
import { setupServer } from 'msw/node'

/** A running mock and the base URL the SDK reaches it at. */
export interface RunningMock {
  api: MockApi
  baseUrl: string
  stop(): Promise<void>
}

/** The two ways a suite runs the mock: in-process through MSW, and standalone over real HTTP. */
export const mocks = [
  {
    name: 'in-process',
    async start(options: MockOptions): Promise<RunningMock> {
      const api = createMockApi({ baseUrl: 'http://mock.test/api/v1', ...options })
      const server = setupServer(...api.handlers)
      server.listen({ onUnhandledFrame: 'error' })
      return {
        api,
        baseUrl: 'http://mock.test/api/v1',
        async stop() {
          api.dispose()
          server.close()
        },
      }
    },
  },
  {
    name: 'standalone',
    async start(options: MockOptions): Promise<RunningMock> {
      const server = await startServer({ port: 0, ...options })
      return { api: server.api, baseUrl: server.url, stop: () => server.close() }
    },
  },
]
