import { describe, expect, expectTypeOf, it } from 'vitest'
import { createMockApi } from '../../src/index.js'
import { JOURNAL_BODY_LIMIT } from '../../src/runtime/journal-bodies.js'
import { NOW } from '../support/harness.js'
import { servedMock } from '../support/served-mock.js'

const origin = 'http://journal.test'
const headers = { authorization: 'Bearer test-token', 'content-type': 'application/json', 'x-trace': 'abc' }

describe('a journal that shows what the code under test sent', () => {
  const { api, server } = servedMock({ baseUrl: origin, sessions: 1, now: NOW })
  // Each answer read whole: an unread body would be cut when the test ends.
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${origin}${path}`, { headers, ...init }).then((answer) => answer.text())

  it('an entry holds origin, query, headers, the body sent, the answer, its duration and a sequence number under a fixed clock', async () => {
    api.reset()
    const [session] = api.store.sessions()
    await call(`/api/v1/sessions/${session?.id}/tags?x=1`, {
      method: 'PUT',
      body: JSON.stringify({ tags: ['a', 'b'] }),
    })
    await call('/api/v1/sessions/none')
    const [put, missing] = api.journal()
    expect(put).toMatchObject({
      seq: 1,
      origin,
      method: 'PUT',
      path: `/api/v1/sessions/${session?.id}/tags`,
      query: 'x=1',
      operation: 'tags.put',
      statusCode: 200,
      at: NOW,
      request: { headers: { 'x-trace': 'abc', 'content-type': 'application/json' }, body: { tags: ['a', 'b'] } },
      answer: { body: { data: { id: session?.id, tags: ['a', 'b'] } } },
    })
    expect(put?.ms).toBeGreaterThanOrEqual(0)
    expect(missing).toMatchObject({ seq: 2, at: NOW, statusCode: 404, code: 'not_found', message: 'session not found' })
  })

  it("D2: secret headers are hidden by the SDK logger's rule: Proxy-Authorization, Cookie, X-Api-Key; Authorization keeps its scheme", async () => {
    api.reset()
    const secrets = {
      'proxy-authorization': 'Basic cHJveHktc2VjcmV0',
      cookie: 'sid=cookie-value-1',
      'x-api-key': 'api-key-value-2',
      'x-session-token': 'token-value-3',
    }
    await call('/api/v1/health', { headers: { ...headers, ...secrets } })
    // A credential without a scheme word is hidden whole: its first word is the secret itself.
    await call('/api/v1/health', { headers: { ...headers, authorization: 'test-token' } })
    const [sent, bare] = api.journal()
    expect(sent?.request.headers).toMatchObject({
      authorization: 'Bearer <token>',
      'proxy-authorization': 'Basic <token>',
      cookie: '<token>',
      'x-api-key': '<token>',
      'x-session-token': '<token>',
      'x-trace': 'abc',
    })
    expect(bare?.request.headers.authorization).toBe('<token>')
    const shown = JSON.stringify(api.journal())
    for (const value of ['cHJveHktc2VjcmV0', ...Object.values(secrets), 'test-token'])
      expect(shown).not.toContain(value)
  })

  it('a body longer than the limit is kept cut, marked truncated; a body that is not JSON is kept as text', async () => {
    api.reset()
    const long = JSON.stringify({ title: 'x'.repeat(JOURNAL_BODY_LIMIT) })
    await call('/api/v1/sessions', { method: 'POST', body: long })
    await call('/api/v1/sessions', { method: 'POST', body: '{not json' })
    const [created, broken] = api.journal()
    expect(created?.request).toMatchObject({ truncated: true })
    expect(String(created?.request.body).length).toBe(JOURNAL_BODY_LIMIT)
    expect(broken?.request.body).toBe('{not json')
    expect(broken?.request.truncated).toBeUndefined()
    const large = createMockApi({ baseUrl: 'http://large.test', sessions: 200, now: NOW })
    server.use(...large.handlers)
    await (await fetch('http://large.test/api/v1/sessions?limit=200', { headers })).text()
    expect(large.journal()[0]?.answer).toMatchObject({ truncated: true })
    expect(String(large.journal()[0]?.answer.body).length).toBe(JOURNAL_BODY_LIMIT)
  })

  it('api.requests filters by operation, method and status, typed by the operation', async () => {
    api.reset()
    const [session] = api.store.sessions()
    await call(`/api/v1/sessions/${session?.id}/tags`, { method: 'PUT', body: '{"tags":["x"]}' })
    await call(`/api/v1/sessions/${session?.id}/tags`, { method: 'PUT', body: '{"tags":[1]}' })
    await call('/api/v1/sessions')
    const puts = api.requests({ operation: 'tags.put', status: 200 })
    expect(puts.map((entry) => entry.request.body?.tags)).toEqual([['x']])
    expectTypeOf(puts[0]?.request.body).toEqualTypeOf<{ tags: string[] } | undefined>()
    expect(api.requests({ method: 'put' }).map((entry) => entry.statusCode)).toEqual([200, 400])
    expect(api.requests({ status: 400 })).toHaveLength(1)
    expect(api.requests()).toHaveLength(3)
  })

  it('stays bounded at 1,000 entries, numbered on', async () => {
    api.reset()
    for (let index = 0; index < 1001; index++)
      api.recordAnswer({ method: 'GET', target: '/api/v1/health', statusCode: 403 })
    const kept = api.journal()
    expect([kept.length, kept[0]?.seq, kept.at(-1)?.seq]).toEqual([1000, 2, 1001])
  })
})
