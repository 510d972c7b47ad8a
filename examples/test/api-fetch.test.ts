/**
 * The fastest way to test code built on the SDK: the mock as the client's `fetch` (`api.fetch`), the
 * same answers as its msw handlers (token, modes, faults, overrides, journal, `Prefer: code=`), with no
 * msw and no socket.
 */
import { createMockApi } from '@session-library/mock-server'
import { isApiError, SessionLibrary } from '@session-library/sdk'
import { afterEach, describe, expect, it } from 'vitest'

const api = createMockApi({ sessions: 3, now: '2026-11-21T10:00:00.000Z' })
const client = new SessionLibrary({ token: api.token, fetch: api.fetch })
afterEach(() => {
  api.reset()
})

describe('the SDK on api.fetch', () => {
  it('reads and writes the mock’s library at the default base URL, journaled as any request', async () => {
    const [first] = (await client.sessions.list({ sort: 'title' })).data
    await client.tags.replace(first?.id ?? '', ['mix'])
    expect(api.store.session(first?.id ?? '')?.tags).toEqual(['mix'])
    api.verify('tags.put', { times: 1, body: { tags: ['mix'] } })
  })

  it('meets the mock’s rules: the token, the mode (D1), a fault retried (D17)', async () => {
    const stranger = new SessionLibrary({ token: 'wrong', fetch: api.fetch, retry: false })
    expect(await stranger.health().catch((error: unknown) => isApiError(error, 'unauthorized'))).toBe(true)
    api.setMode('read-only')
    expect(await client.sessions.create({ title: 'A' }).catch((error: unknown) => isApiError(error, 'read_only'))).toBe(
      true,
    )
    api.injectFault({ status: 503, times: 1, operation: 'sessions.list' })
    await client.sessions.list()
    expect(api.requests({ operation: 'sessions.list' }).map((entry) => entry.statusCode)).toEqual([503, 200])
  })

  it('asks the overrides first, a fault before them (D3): first a 503, then the override’s answer', async () => {
    const [first] = api.store.sessions()
    api.injectFault({ status: 503, times: 1, operation: 'tags.get' })
    api.override('tags.get', ({ params }) => ({ data: { id: params.id, tags: ['overridden'] } }), { times: 1 })
    const once = new SessionLibrary({ token: api.token, fetch: api.fetch, retry: false })
    expect(
      await once.tags.get(first?.id ?? '').catch((error: unknown) => isApiError(error, 'storage_unavailable')),
    ).toBe(true)
    expect((await once.tags.get(first?.id ?? '')).tags).toEqual(['overridden'])
    expect((await once.tags.get(first?.id ?? '')).tags).toEqual(first?.tags)
  })

  it('drops the connection of a network fault as fetch does: a TypeError', async () => {
    api.injectFault({ network: true, operation: 'health.get' })
    const headers = { authorization: `Bearer ${api.token}` }
    const error = await api.fetch(`${api.baseUrl}/health`, { headers }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TypeError)
    expect(String((error as TypeError).cause)).toContain('ECONNRESET')
    await expect(api.fetch('http://elsewhere.test/api/v1/health')).rejects.toThrow(
      'api.fetch answers only http://127.0.0.1:4777/api/v1',
    )
  })
})
