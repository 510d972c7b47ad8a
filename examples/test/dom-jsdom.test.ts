// @vitest-environment jsdom
/**
 * The SDK against the mock in vitest's jsdom environment, at the SDK’s default base URL: jsdom keeps
 * Node’s fetch, so no preflight is sent.
 */
import { createMockApi } from '@session-library/mock-server'
import { SessionLibrary } from '@session-library/sdk'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'

const api = createMockApi({ sessions: 2 })
const server = setupServer(...api.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

it('lists and writes in jsdom’s window', async () => {
  expect(typeof document).toBe('object')
  const client = new SessionLibrary({ token: api.token })
  const [first] = (await client.sessions.list()).data
  await client.tags.replace(first?.id ?? '', ['jsdom'])
  expect(api.store.session(first?.id ?? '')?.tags).toEqual(['jsdom'])
})
