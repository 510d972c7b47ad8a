// @vitest-environment happy-dom
/**
 * The SDK against the mock in vitest's happy-dom environment, at the SDK's default base URL: happy-dom
 * sends a CORS preflight from its page's origin, which the mock answers for its own origins (D18).
 */
import { createMockApi } from '@session-library/mock-server'
import { SessionLibrary } from '@session-library/sdk'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'

const api = createMockApi({ sessions: 2 })
const server = setupServer(...api.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

it('D18: lists and writes through happy-dom’s fetch, its preflight answered', async () => {
  expect(location.origin).not.toBe('http://127.0.0.1:4777')
  const client = new SessionLibrary({ token: api.token })
  const [first] = (await client.sessions.list()).data
  await client.tags.replace(first?.id ?? '', ['dom'])
  expect(api.store.session(first?.id ?? '')?.tags).toEqual(['dom'])
})
