import { createMockApi, type MockControls, type MockOptions } from '@session-library/mock-server'
import { startServer } from '@session-library/mock-server/node'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe } from 'vitest'
import { SessionLibrary } from '../../src/index.js'

/** A running mock and the base URL the SDK reaches it at. */
export interface RunningMock {
  api: MockControls
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

/** A suite that runs `body` once against each mock, reset before each test, with a client for it. */
export function eachMock(
  options: MockOptions,
  body: (mock: { api: () => MockControls; baseUrl: () => string; client: () => SessionLibrary }) => void,
) {
  describe.each(mocks)('against the $name mock', (transport) => {
    let harness: RunningMock
    let client: SessionLibrary
    beforeAll(async () => {
      harness = await transport.start({ sessions: 12, now: '2026-11-21T10:00:00.000Z', importDelay: 1, ...options })
      client = new SessionLibrary({ token: harness.api.token, baseUrl: harness.baseUrl, retry: false })
    })
    beforeEach(async () => {
      harness.api.clearFaults()
      await harness.api.reset()
    })
    afterAll(async () => {
      await harness.api.idle()
      await harness.stop()
    })
    body({ api: () => harness.api, baseUrl: () => harness.baseUrl, client: () => client })
  })
}

/** A session of the mock's seed that has a preview, and that preview's variant id. */
export async function sessionWithPreview(client: SessionLibrary) {
  const session = (await client.sessions.all()).find((candidate) => candidate.previews.length > 0)
  if (!session) throw new Error('the mock seeded no session with a preview')
  return { id: session.id, variantId: session.previews[0]!.id }
}
