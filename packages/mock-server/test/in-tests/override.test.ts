import { describe, expect, expectTypeOf, it, vi } from 'vitest'
import { answerOf, sessionRecord } from '../../src/index.js'
import { NOW } from '../support/harness.js'
import { servedMock } from '../support/served-mock.js'

const base = 'http://127.0.0.1:4777/api/v1'
const headers = { authorization: 'Bearer test-token', 'content-type': 'application/json' }
const call = async (path: string, init: RequestInit = {}) => {
  const answer = await fetch(`${base}${path}`, { headers, ...init })
  return { status: answer.status, body: await answer.json() }
}

describe('typed overrides of one operation', () => {
  const { api, server } = servedMock({ sessions: 2, now: NOW })

  /** Overrides sessions.create with a resolver that waits for `release()`, then calls `next()`. */
  const holdCreates = () => {
    let arrived = () => {}
    const underWay = new Promise<void>((resolve) => {
      arrived = resolve
    })
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      api.override('sessions.create', async ({ next }) => {
        arrived()
        await held
        return next()
      }),
    )
    return { underWay, release }
  }

  it('answers with typed params and body, for its method and path only, and is journaled', async () => {
    const [session] = api.store.sessions()
    server.use(
      api.override('tags.put', ({ params, body }) => {
        expectTypeOf(params).toEqualTypeOf<{ id: string }>()
        expectTypeOf(body.tags).toEqualTypeOf<string[]>()
        return { data: { id: params.id, tags: [...body.tags, 'overridden'] } }
      }),
    )
    const put = await call(`/sessions/${session?.id}/tags`, { method: 'PUT', body: '{"tags":["a"]}' })
    expect(put).toEqual({ status: 200, body: { data: { id: session?.id, tags: ['a', 'overridden'] } } })
    expect((await call(`/sessions/${session?.id}/tags`)).body.data.tags).toEqual(session?.tags)
    expect(api.store.session(session?.id ?? '')?.tags).toEqual(session?.tags)
    expect(api.requests({ operation: 'tags.put' })[0]).toMatchObject({
      statusCode: 200,
      request: { body: { tags: ['a'] } },
      answer: { body: { data: { tags: ['a', 'overridden'] } } },
    })
  })

  it('D3: a fault comes first and leaves `times` alone: a 503, then the override’s answer, then the mock’s', async () => {
    const [session] = api.store.sessions()
    api.injectFault({ status: 503, times: 1, operation: 'tags.get' })
    server.use(api.override('tags.get', ({ params }) => ({ data: { id: params.id, tags: ['mine'] } }), { times: 1 }))
    const statuses = []
    for (let at = 0; at < 3; at++) {
      const { status, body } = await call(`/sessions/${session?.id}/tags`)
      statuses.push([status, body.data?.tags ?? body.error.code])
    }
    expect(statuses).toEqual([
      [503, 'storage_unavailable'],
      [200, ['mine']],
      [200, session?.tags],
    ])
  })

  it('counts in `times` only the requests that reached the resolver: not one refused for its token', async () => {
    server.use(api.override('health.get', () => api.error('internal_error'), { times: 1 }))
    expect((await fetch(`${base}/health`)).status).toBe(401)
    expect((await call('/health')).status).toBe(500)
    expect((await call('/health')).status).toBe(200)
  })

  it('api.error(code) answers the envelope with SPEC’s message and the code’s status, `times` times', async () => {
    server.use(api.override('sessions.create', () => api.error('read_only'), { times: 1 }))
    expect(await call('/sessions', { method: 'POST', body: '{"title":"A"}' })).toEqual({
      status: 403,
      body: { error: { status: 403, code: 'read_only', message: 'Enable Full Automation to perform this action.' } },
    })
    expect((await call('/sessions', { method: 'POST', body: '{"title":"A"}' })).status).toBe(201)
    expect(api.journal().map((entry) => [entry.statusCode, entry.code])).toEqual([
      [403, 'read_only'],
      [201, undefined],
    ])
  })

  it('next() gives the stateful mock’s own answer, journaled once; a body the mock refuses never reaches the resolver', async () => {
    let seen = 0
    server.use(
      api.override('sessions.create', async ({ next }) => {
        seen += 1
        const answer = await next()
        return new Response(answer.body, { status: answer.status, headers: { 'x-seen': 'yes' } })
      }),
    )
    expect((await call('/sessions', { method: 'POST', body: '{"title":"Kept"}' })).status).toBe(201)
    expect((await call('/sessions', { method: 'POST', body: '{"title":""}' })).status).toBe(400)
    expect(seen).toBe(1)
    expect(api.store.sessions().map((session) => session.title)).toContain('Kept')
    expect(api.journal().map((entry) => entry.statusCode)).toEqual([201, 400])
  })

  it('D17: a resolver that throws answers the 500 internal_error of D4 naming the override, journaled, its stack printed once, its message in health’s lastError', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(
      api.override('sessions.list', () => {
        throw new Error('fixture file missing')
      }),
    )
    const message = "api.override('sessions.list') threw: fixture file missing"
    expect(await call('/sessions')).toEqual({
      status: 500,
      body: { error: { status: 500, code: 'internal_error', message } },
    })
    expect((await call('/sessions')).status).toBe(500)
    expect(printed).toHaveBeenCalledTimes(1)
    expect(printed.mock.calls[0]?.[0]).toMatch(/^\[session-library mock\] Error: fixture file missing\n\s+at /)
    printed.mockRestore()
    expect(api.journal()).toMatchObject([{ operation: 'sessions.list', statusCode: 500, code: 'internal_error' }, {}])
    expect((await call('/health')).body.data.lastError).toBe(
      "api.override('sessions.list') threw: fixture file missing",
    )
  })

  it('a create begun before reset() whose resolver calls next() after it writes and journals nothing', async () => {
    const before = api.snapshot()
    const gate = holdCreates()
    const pending = call('/sessions', { method: 'POST', body: '{"title":"Ghost"}' })
    await gate.underWay
    api.reset()
    gate.release()
    await pending
    expect(api.snapshot()).toEqual(before)
    expect(api.journal()).toEqual([])
  })

  it('a fault injected after reset() is kept for the next test, not used by a next() begun before it', async () => {
    const gate = holdCreates()
    const pending = call('/sessions', { method: 'POST', body: '{"title":"Ghost"}' })
    await gate.underWay
    api.reset()
    api.injectFault({ status: 503, operation: 'sessions.create' })
    gate.release()
    await pending
    expect(api.faults()).toMatchObject([{ status: 503, remaining: 1 }])
  })

  it('a misspelt operation or answer field does not compile', () => {
    // @ts-expect-error no such operation
    expect(() => api.override('tag.put', () => api.error('not_found'))).toThrow(TypeError)
    // @ts-expect-error `tagz` is not the answer's field
    api.override('tags.put', ({ params }) => ({ data: { id: params.id, tagz: [] } }))
    // @ts-expect-error no such error code
    expect(() => api.error('readonly')).toThrow('unknown error code: "readonly"')
    // @ts-expect-error sessions.list answers no 403 (D1: it does not write)
    api.override('sessions.list', () => api.error('read_only'))
    const { client: _client, ...session } = api.store.sessions()[0] ?? sessionRecord({ title: 'A' })
    // @ts-expect-error `titel` is no field of the answer, even spread over a stored session, even async
    api.override('sessions.get', async () => ({ data: { ...session, titel: 'x' } }))
    // @ts-expect-error at any depth: a list's session
    api.override('sessions.list', () => ({ data: [{ ...session, extra: 1 }], meta: { total: 1, limit: 1, offset: 0 } }))
    api.override('sessions.get', async ({ next }) => {
      const own = await next()
      return own.ok ? { data: { ...session, title: 'Renamed' } } : own
    })
  })

  it('a misspelt operation names the nearest; times below 1 and an unknown bypass are TypeErrors', () => {
    const answer = () => api.error('unauthorized')
    expect(() => api.override('sessions.lst' as 'sessions.list', answer)).toThrow(
      `unknown operation "sessions.lst" (did you mean 'sessions.list'?); expected one of health.get,`,
    )
    expect(() => api.override('sessions.get', answer, { times: 0 })).toThrow(
      'invalid override times: 0; expected a whole number of requests, at least 1',
    )
    expect(() => api.override('sessions.get', answer, { times: 1.5 })).toThrow('invalid override times: 1.5')
    expect(api.override('sessions.get', answer, { times: 1 })).toBeDefined()
    expect(() => api.override('sessions.get', answer, { bypass: ['token' as 'auth'] })).toThrow(
      'invalid bypass: "token"; expected any of auth, fault, mode, service',
    )
  })

  it('D4: an answer the contract does not allow is the 500 internal_error naming the field, as the mock’s own would be', async () => {
    const [session] = api.store.sessions()
    server.use(
      api.override('sessions.get', () => ({ data: { ...session, titel: 'x' } }) as never),
      api.override('tags.get', () => ({ data: { id: 'x' } }) as never),
    )
    const misspelt = await call(`/sessions/${session?.id}`)
    expect(misspelt).toEqual({
      status: 500,
      body: {
        error: {
          status: 500,
          code: 'internal_error',
          message: `api.override('sessions.get') answered what the contract does not allow: answer.data.client: is not a known field; answer.data.titel: is not a known field`,
        },
      },
    })
    expect((await call('/sessions/x/tags')).body.error.message).toBe(
      `api.override('tags.get') answered what the contract does not allow: answer.data.tags: expected array`,
    )
    expect(api.requests({ status: 500 }).map((entry) => entry.operation)).toEqual(['sessions.get', 'tags.get'])
  })

  it('answerOf builds an answer checked now: a misspelt field is a compile error and a TypeError naming it', async () => {
    // @ts-expect-error `tagz` is not a field of the answer (an argument is checked for unknown fields)
    expect(() => answerOf('tags.get', { data: { id: 'x', tags: [], tagz: [] } })).toThrow(
      'invalid answer of tags.get: answer.data.tagz: is not a known field',
    )
    expect(() => answerOf('tags.gett' as 'tags.get', { data: { id: 'x', tags: [] } })).toThrow(
      "did you mean 'tags.get'?",
    )
    server.use(api.override('tags.get', ({ params }) => answerOf('tags.get', { data: { id: params.id, tags: ['a'] } })))
    expect(await call('/sessions/x/tags')).toEqual({ status: 200, body: { data: { id: 'x', tags: ['a'] } } })
  })

  it('answerOf fills a partial session as sessionRecord does, in one or in a list; a refused value names its field', async () => {
    const one = answerOf('sessions.get', { data: { title: 'Night Drive', tags: ['synth'] } })
    const { client: _client, ...filled } = sessionRecord({
      id: one.data.id,
      title: 'Night Drive',
      tags: ['synth'],
      lastOpened: one.data.lastOpened,
    })
    expect(one).toEqual({ data: filled })
    const page = answerOf('sessions.list', { data: [{}, { title: 'B' }], meta: { total: 2, limit: 50, offset: 0 } })
    expect(page.data.map((session) => session.title)).toEqual(['Untitled', 'B'])
    expect(() => answerOf('sessions.get', { data: { title: '' } })).toThrow('title')
    // @ts-expect-error `titel` is no field of a session
    expect(() => answerOf('sessions.get', { data: { titel: 'x' } })).toThrow('titel')
    server.use(api.override('sessions.get', () => one))
    expect((await call('/sessions/any')).body).toEqual(one)
  })

  it('an error code the operation cannot answer is the 500 internal_error naming it', async () => {
    server.use(api.override('sessions.list', () => api.error('read_only') as never))
    expect((await call('/sessions')).body.error).toEqual({
      status: 500,
      code: 'internal_error',
      message: `api.override('sessions.list') answered read_only: no answer of sessions.list`,
    })
  })
})

describe('D3: an override replaces only the handler step; every check applies to it', () => {
  const { api, server } = servedMock({ sessions: 1, now: NOW })
  let called = 0
  const overrideEverything = (bypass?: ('auth' | 'fault' | 'mode' | 'service')[]) => {
    const answer = () => {
      called += 1
      return api.error('invalid_json', 'from the override')
    }
    server.use(
      api.override('sessions.create', answer, { bypass }),
      api.override('imports.start', answer, { bypass }),
      api.override('sessions.list', answer, { bypass }),
    )
  }
  const create = (init: RequestInit = {}) => call('/sessions', { method: 'POST', body: '{"title":"A"}', ...init })
  const importOne = () => call('/import', { method: 'POST', body: '{"items":[{"projectPath":"/a.als"}]}' })

  it('D2: a request without a token is 401 with WWW-Authenticate, the resolver never called', async () => {
    called = 0
    overrideEverything()
    const answer = await fetch(`${base}/sessions`, { method: 'POST', body: '{"title":"A"}' })
    expect(answer.status).toBe(401)
    expect(answer.headers.get('www-authenticate')).toBe('Bearer')
    expect((await answer.json()).error.code).toBe('unauthorized')
    expect(called).toBe(0)
    expect(api.journal()).toMatchObject([{ path: '/api/v1/sessions', statusCode: 401, code: 'unauthorized' }])
  })

  it('D1: a write in read-only mode is 403 read_only; a read still reaches the resolver', async () => {
    called = 0
    overrideEverything()
    api.setMode('read-only')
    expect(await create()).toMatchObject({ status: 403, body: { error: { code: 'read_only' } } })
    expect(called).toBe(0)
    expect((await call('/sessions')).body.error.message).toBe('from the override')
    expect(called).toBe(1)
  })

  it('D3: an unavailable service is 501', async () => {
    called = 0
    overrideEverything()
    api.setServiceAvailable('import', false)
    expect(await importOne()).toMatchObject({ status: 501, body: { error: { code: 'import_unavailable' } } })
    expect(called).toBe(0)
  })

  it('a pending fault fires on the overridden request, not later on another', async () => {
    called = 0
    overrideEverything()
    api.injectFault({ status: 503, operation: 'sessions.create' })
    expect(await create()).toMatchObject({ status: 503, body: { error: { code: 'storage_unavailable' } } })
    expect(api.faults()).toEqual([])
    expect(called).toBe(0)
    expect((await create()).body.error.message).toBe('from the override')
    expect(api.journal().map((entry) => entry.statusCode)).toEqual([503, 400])
  })

  it('D4: an invalid body is still 400, and a body over 1 MiB 413', async () => {
    called = 0
    overrideEverything()
    expect(await create({ body: '{"title":""}' })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_json' } },
    })
    expect(await create({ body: JSON.stringify({ title: 'x'.repeat(1024 * 1024) }) })).toMatchObject({
      status: 413,
      body: { error: { code: 'payload_too_large' } },
    })
    expect(called).toBe(0)
  })

  it('bypass names the checks an override skips, and only those', async () => {
    called = 0
    overrideEverything(['auth', 'mode', 'service', 'fault'])
    api.setMode('read-only')
    api.setServiceAvailable('import', false)
    api.injectFault({ status: 503, operation: 'sessions.create' })
    const noToken = await fetch(`${base}/sessions`, { method: 'POST', body: '{"title":"A"}' })
    expect(noToken.status).toBe(400)
    expect((await importOne()).status).toBe(400)
    expect(api.faults()).toMatchObject([{ status: 503, remaining: 1 }])
    expect((await create({ body: '{"title":""}' })).status).toBe(400)
    expect(called).toBe(2)
  })
})
