/**
 * How to test your own code against the mock, without a server and without a network.
 *
 * The mock (`@session-library/mock-server`) is a set of MSW request handlers that behave like the
 * real Session Library: a library of sessions in memory, the same answers and errors as the real
 * API, and controls for what is hard to make happen on a real machine (read-only mode, a service
 * that is down, a slow or failing server). `setupServer` from `msw/node` puts those handlers under
 * `fetch`, so the SDK — and your code that uses it — talks to the mock without knowing it.
 */
import { createMockApi } from '@session-library/mock-server'
import { ForbiddenError, isApiError, SessionLibrary } from '@session-library/sdk'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

// ── The code under test ─────────────────────────────────────────────────────────────────────────
// In your project this lives in your own module. It archives a session, and treats a library in
// read-only mode as an expected answer rather than a crash.
type ArchiveResult = { archived: true } | { archived: false; reason: string }

async function archive(client: SessionLibrary, id: string): Promise<ArchiveResult> {
  try {
    await client.sessions.update(id, { status: 'archived' })
    await client.tags.add(id, ['archived'])
    return { archived: true }
  } catch (error) {
    // isApiError narrows by the error code: here `error` becomes a ForbiddenError.
    if (isApiError(error, 'read_only')) return { archived: false, reason: error.serverMessage }
    throw error
  }
}

// ── The mock ────────────────────────────────────────────────────────────────────────────────────
// Six demo sessions, the same every run (seeded), and a fixed clock so that dates repeat too.
const mock = createMockApi({
  baseUrl: 'http://session-library.test/api/v1',
  sessions: 6,
  now: '2026-11-21T10:00:00.000Z',
})
const server = setupServer(...mock.handlers)

// The handlers answer their base URL (given above); this one never reaches the network.
const client = new SessionLibrary({ token: mock.token, baseUrl: 'http://session-library.test/api/v1' })

// 'error': a request no handler answers fails the test instead of going out to the network.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
// Each test starts from the same six sessions, in full-automation mode.
beforeEach(() => mock.reset())
afterAll(() => {
  mock.dispose()
  server.close()
})

describe('testing your code against the mock', () => {
  it('D1: archives a session when the library allows writes', async () => {
    const [session] = (await client.sessions.list({ limit: 1 })).data
    if (!session) throw new Error('the demo library is empty')

    expect(await archive(client, session.id)).toEqual({ archived: true })

    // Check the effect through the API, as any client would see it.
    const after = await client.sessions.get(session.id)
    expect(after.status).toBe('archived')
    expect(after.tags).toContain('archived')
  })

  it('D1: in read-only mode, the SDK throws a typed read_only error and nothing changes', async () => {
    const [session] = (await client.sessions.list({ limit: 1 })).data
    if (!session) throw new Error('the demo library is empty')
    // What a user does by switching Full Automation off in the app.
    mock.setMode('read-only')

    // Your code's view: an expected outcome, with the server's message.
    expect(await archive(client, session.id)).toEqual({
      archived: false,
      reason: 'Enable Full Automation to perform this action.',
    })

    // The SDK's view: every API error is an ApiError with the HTTP status, the API's code and
    // message, and the operation that failed; the class follows the status.
    const error = await client.sessions.update(session.id, { status: 'archived' }).catch((caught: unknown) => caught)
    expect(isApiError(error, 'read_only')).toBe(true)
    expect(error).toBeInstanceOf(ForbiddenError)
    expect(error).toMatchObject({ status: 403, code: 'read_only', operation: 'sessions.update' })

    // Reads still work in read-only mode, and show that the session did not change.
    expect(await client.sessions.get(session.id)).toEqual(session)
  })

  it('D1: the mock records every request, so you can check what your code sent', async () => {
    const [session] = (await client.sessions.list({ limit: 1 })).data
    if (!session) throw new Error('the demo library is empty')
    mock.setMode('read-only')

    await archive(client, session.id)

    // The journal: one entry per answered request (never the token), oldest first. Here the
    // update was refused, and your code stopped instead of trying to tag the session.
    const writes = mock.journal().filter((entry) => entry.method !== 'GET')
    expect(writes).toEqual([
      expect.objectContaining({ operation: 'sessions.update', statusCode: 403, code: 'read_only' }),
    ])
  })
})
