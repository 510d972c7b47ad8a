import { describe, expect, expectTypeOf, it } from 'vitest'
import { NOW } from '../support/harness.js'
import { servedMock } from '../support/served-mock.js'

const origin = 'http://verify.test'
const headers = { authorization: 'Bearer test-token', 'content-type': 'application/json' }

describe('api.verify: WireMock’s verify, with its near-misses', () => {
  const { api } = servedMock({ baseUrl: origin, sessions: 2, now: NOW })
  const ids = () => api.store.sessions().map((session) => session.id)
  const putTags = (id: string | undefined, tags: string[], init: RequestInit = {}) =>
    fetch(`${origin}/api/v1/sessions/${id}/tags`, { method: 'PUT', headers, body: JSON.stringify({ tags }), ...init })

  it('passes silently when the journal holds what is expected: times, body, params, query, status', async () => {
    const [first, second] = ids()
    await putTags(first, ['a'])
    await putTags(second, ['b', 'c'])
    await fetch(`${origin}/api/v1/sessions?limit=5&tags=a`, { headers })
    api.verify('tags.put')
    api.verify('tags.put', { times: 1, body: { tags: ['a'] } })
    api.verify('tags.put', { times: 2, status: 200 })
    api.verify('tags.put', { times: 1, params: { id: second } })
    api.verify('sessions.list', { times: 1, query: { limit: 5, tags: ['a'] } })
    api.verify('sessions.delete', { times: 0 })
  })

  it('throws one error listing each request of the operation and how it differs', async () => {
    const [first] = ids()
    await putTags(first, ['b'])
    await putTags(first, ['a'], { headers: {} })
    await fetch(`${origin}/api/v1/health`, { headers })
    expect(() => api.verify('tags.put', { times: 1, body: { tags: ['a'] }, status: 200 })).toThrow(
      `api.verify('tags.put'): expected 1 request matching {"body":{"tags":["a"]},"status":200}, 0 matched; 2 of tags.put journaled:\n` +
        `  #1 PUT /api/v1/sessions/${first}/tags → 200: body.tags is ["b"], expected ["a"]\n` +
        `  #2 PUT /api/v1/sessions/${first}/tags → 401: status is 401, expected 200`,
    )
  })

  it('counts: too many is a failure too, and an operation never called says what else was', async () => {
    const [first] = ids()
    await putTags(first, ['a'])
    await putTags(first, ['a'])
    expect(() => api.verify('tags.put', { times: 1 })).toThrow(
      `api.verify('tags.put'): expected 1 request, 2 matched; 2 of tags.put journaled:\n  #1 PUT /api/v1/sessions/${first}/tags → 200: matches`,
    )
    expect(() => api.verify('notes.put')).toThrow(
      `api.verify('notes.put'): expected at least 1 request, 0 matched; none of notes.put journaled\n` +
        `closest of the 2 other requests:\n  #2 PUT /api/v1/sessions/${first}/tags → 200: tags.put\n  #1 PUT`,
    )
    expect(() => api.verify('tags.put', { times: -1 })).toThrow('invalid verify times: -1')
  })

  it('D2: a 401 is journaled with the operation its route names; a 404 route with none', async () => {
    await fetch(`${origin}/api/v1/sessions`)
    await fetch(`${origin}/api/v1/nowhere`, { headers })
    expect(api.journal().map((entry) => [entry.statusCode, entry.operation])).toEqual([
      [401, 'sessions.list'],
      [404, undefined],
    ])
    api.verify('sessions.list', { times: 1, status: 401 })
  })

  it('a misspelt operation names the nearest, in verify and requests alike', () => {
    const message = `unknown operation "sessons.list" (did you mean 'sessions.list'?); expected one of health.get,`
    expect(() => api.verify('sessons.list' as 'sessions.list')).toThrow(message)
    expect(() => api.requests({ operation: 'sessons.list' as 'sessions.list' })).toThrow(message)
    expect(() => api.injectFault({ status: 500, operation: 'sessons.list' as 'sessions.list' })).toThrow(message)
  })

  it('refuses a key it does not know, naming the ones it has, rather than passing', () => {
    const misspelt = { count: 5 } as unknown as { times: number }
    expect(() => api.verify('tags.put', misspelt)).toThrow(
      new TypeError("api.verify('tags.put'): unknown count; a pattern has times, body, query, params, status"),
    )
  })

  it('compares statuses as numbers, and takes vitest’s asymmetric matchers anywhere in a pattern', async () => {
    const [first] = ids()
    await putTags(first, ['a', 'b'])
    api.verify('tags.put', { status: '200' as unknown as number })
    api.verify('tags.put', { body: { tags: expect.arrayContaining(['b']) }, params: { id: expect.any(String) } })
    api.verify('tags.put', { body: expect.objectContaining({ tags: ['a', 'b'] }) })
    api.verify('tags.put', { body: { tags: ['a', expect.stringMatching(/^b$/)] } })
    expect(() => api.verify('tags.put', { body: { tags: expect.arrayContaining(['c']) } })).toThrow(
      'body.tags is ["a","b"], expected ArrayContaining ["c"]',
    )
  })

  it('ranks the near-misses of all requests: the same path by another method, then a 404 by the same method, three shown', async () => {
    const [first, second] = ids()
    await putTags(second, ['x'], { method: 'POST' })
    await fetch(`${origin}/api/v1/health`, { headers })
    await fetch(`${origin}/api/v1/sessions/${first}/tags`, { method: 'PATCH', headers, body: '{"add":["a"]}' })
    await fetch(`${origin}/api/v1/sessions/${first}/tagz`, { method: 'PUT', headers, body: '{"tags":["a"]}' })
    await fetch(`${origin}/api/v1/sessions`, { headers })
    expect(() => api.verify('tags.put', { body: { tags: ['a'] } })).toThrow(
      'none of tags.put journaled\nclosest of the 5 other requests:\n' +
        `  #3 PATCH /api/v1/sessions/${first}/tags → 400: tags.patch\n` +
        `  #1 POST /api/v1/sessions/${second}/tags → 404: no operation\n` +
        `  #4 PUT /api/v1/sessions/${first}/tagz → 404: no operation`,
    )
    expect(api.unmatched().map((entry) => [entry.seq, entry.statusCode])).toEqual([
      [1, 404],
      [4, 404],
    ])
  })

  it('narrows a journaled answer by `data` in it', async () => {
    await putTags(ids()[0], ['a'])
    await putTags('ses_none', ['a'])
    const [ok, missing] = api.requests({ operation: 'tags.put' }).map((entry) => entry.answer.body)
    if (ok === undefined || !('data' in ok)) throw new Error('expected an answer')
    expectTypeOf(ok.data.tags).toEqualTypeOf<string[]>()
    expect(ok.data.tags).toEqual(['a'])
    expect(missing && 'error' in missing && missing.error.code).toBe('not_found')
  })
})
