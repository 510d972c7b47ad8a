import { routes } from '@session-library/schemas/client'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { backoffDelay, DEFAULT_RETRY, NetworkError, NotImplementedError, ServerError } from '../src/index.js'
import { callRetry, retryAfterDelay } from '../src/retry.js'
import { errorAnswer, healthAnswer, sessionAnswer } from './support/fixtures.js'
import { clientOn, counted, PATHS, type testClient, useServer } from './support/server.js'

const server = useServer()

const unavailable = (status: number, headers: Record<string, string> = {}) =>
  HttpResponse.json(errorAnswer(status, 'internal_error', 'Internal server error.'), { status, headers })
const health = () => HttpResponse.json({ data: healthAnswer })

describe.each(PATHS)('retries (%s path)', (_path, via) => {
  const client = clientOn(via)

  it.each([408, 429, 500, 502, 503, 504])('retries a read after %i and returns the later success', async (status) => {
    const { handler, calls } = counted('get', '/health', (call) => (call < 3 ? unavailable(status) : health()))
    server.use(handler)
    await expect(client().health()).resolves.toMatchObject({ status: 'ok' })
    expect(calls).toHaveLength(3)
  })

  it('gives up after the default 2 retries and throws the last answer', async () => {
    const { handler, calls } = counted('get', '/health', () => unavailable(503))
    server.use(handler)
    await expect(client().health()).rejects.toBeInstanceOf(ServerError)
    expect(calls).toHaveLength(1 + DEFAULT_RETRY.limit)
  })

  it('never retries a 501: a missing service stays missing', async () => {
    const { handler, calls } = counted('get', '/sessions/ses_1/waveform', () =>
      HttpResponse.json(errorAnswer(501, 'waveform_unavailable', 'Waveform service is unavailable.'), { status: 501 }),
    )
    server.use(handler)
    await expect(client().waveform('ses_1')).rejects.toBeInstanceOf(NotImplementedError)
    expect(calls).toHaveLength(1)
  })

  it('retries a network error on a read', async () => {
    const { handler, calls } = counted('get', '/health', (call) => (call === 1 ? HttpResponse.error() : health()))
    server.use(handler)
    await expect(client().health()).resolves.toMatchObject({ status: 'ok' })
    expect(calls).toHaveLength(2)
  })

  it('retries idempotent writes (PUT tags, DELETE)', async () => {
    const tags = counted('put', '/sessions/ses_1/tags', (call) =>
      call === 1 ? unavailable(503) : HttpResponse.json({ data: { id: 'ses_1', tags: ['a'] } }),
    )
    const del = counted('delete', '/sessions/ses_1', (call) =>
      call === 1 ? HttpResponse.error() : HttpResponse.json({ data: { deleted: true, id: 'ses_1' } }),
    )
    server.use(tags.handler, del.handler)
    const sdk = client()
    await sdk.tags.replace('ses_1', ['a'])
    await sdk.sessions.delete('ses_1')
    expect([tags.calls.length, del.calls.length]).toEqual([2, 2])
  })

  it.each([
    ['create', 'post', '/sessions', (c: ReturnType<typeof testClient>) => c.sessions.create({ title: 'x' })],
    ['update', 'patch', '/sessions/ses_1', (c: ReturnType<typeof testClient>) => c.sessions.update('ses_1', {})],
    ['import', 'post', '/import', (c: ReturnType<typeof testClient>) => c.imports.start({ items: [] })],
  ] as const)('never retries %s unless the call asks', async (_name, method, path, send) => {
    const { handler, calls } = counted(method, path, () => unavailable(503))
    server.use(handler)
    await expect(send(client())).rejects.toBeInstanceOf(ServerError)
    expect(calls).toHaveLength(1)
  })

  it('retries a create when the call passes retry', async () => {
    const { handler, calls } = counted('post', '/sessions', (call) =>
      call === 1 ? HttpResponse.error() : HttpResponse.json({ data: sessionAnswer('ses_9') }, { status: 201 }),
    )
    server.use(handler)
    await expect(client().sessions.create({ title: 'x' }, { retry: 1 })).resolves.toMatchObject({ id: 'ses_9' })
    expect(calls).toHaveLength(2)
  })

  it('retry: false on a call turns retries off; retry: n sets the count', async () => {
    const { handler, calls } = counted('get', '/health', () => HttpResponse.error())
    server.use(handler)
    await expect(client().health({ retry: false })).rejects.toBeInstanceOf(NetworkError)
    expect(calls).toHaveLength(1)
    await expect(client().health({ retry: 4 })).rejects.toBeInstanceOf(NetworkError)
    expect(calls).toHaveLength(1 + 5)
  })

  it('honours Retry-After in seconds', async () => {
    const times: number[] = []
    const { handler } = counted('get', '/health', (call) => {
      times.push(Date.now())
      return call === 1 ? unavailable(503, { 'retry-after': '1' }) : health()
    })
    server.use(handler)
    await client({ retry: { baseDelay: 1, maxDelay: 5_000 } }).health()
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950)
  })

  it('honours Retry-After as an HTTP date, capped at maxDelay', async () => {
    const times: number[] = []
    const later = new Date(Date.now() + 60_000).toUTCString()
    const { handler } = counted('get', '/health', (call) => {
      times.push(Date.now())
      return call === 1 ? unavailable(429, { 'retry-after': later }) : health()
    })
    server.use(handler)
    await client({ retry: { baseDelay: 1, maxDelay: 150 } }).health()
    const waited = times[1]! - times[0]!
    expect(waited).toBeGreaterThanOrEqual(140)
    expect(waited).toBeLessThan(1_000)
  })
})

describe('backoff', () => {
  const policy = { limit: 5, baseDelay: 300, maxDelay: 5_000 }

  it('doubles from the base delay, with equal jitter between half and all of it', () => {
    expect([1, 2, 3].map((retry) => backoffDelay(retry, policy, () => 1))).toEqual([300, 600, 1_200])
    expect([1, 2, 3].map((retry) => backoffDelay(retry, policy, () => 0))).toEqual([150, 300, 600])
  })

  it('never waits longer than maxDelay', () => {
    expect(backoffDelay(10, policy, () => 1)).toBe(5_000)
    expect(backoffDelay(10, policy, () => 0)).toBe(2_500)
  })

  it('the defaults are 2 retries, 300 ms base, 5 s cap', () => {
    expect(DEFAULT_RETRY).toEqual({ limit: 2, baseDelay: 300, maxDelay: 5_000 })
  })
})

describe('Retry-After and the call policy', () => {
  const now = Date.parse('2026-11-21T10:00:00.000Z')

  it('reads Retry-After in seconds and as an HTTP date, capped at maxDelay', () => {
    expect(retryAfterDelay('2', 5_000, now)).toBe(2_000)
    expect(retryAfterDelay('Sat, 21 Nov 2026 10:00:03 GMT', 5_000, now)).toBe(3_000)
    expect(retryAfterDelay('30', 5_000, now)).toBe(5_000)
  })

  it('a past date waits nothing; no header or an unreadable one falls back to backoff (undefined)', () => {
    expect(retryAfterDelay('Fri, 20 Nov 2026 10:00:00 GMT', 5_000, now)).toBe(0)
    expect([retryAfterDelay(null, 5_000, now), retryAfterDelay('soon', 5_000, now)]).toEqual([undefined, undefined])
  })

  it('reads retry unless the call asks; writes that are not idempotent do not', () => {
    expect(callRetry(routes['sessions.get'], DEFAULT_RETRY, undefined)).toEqual(DEFAULT_RETRY)
    expect(callRetry(routes['sessions.create'], DEFAULT_RETRY, undefined).limit).toBe(0)
    expect(callRetry(routes['sessions.create'], DEFAULT_RETRY, 3)).toEqual({ ...DEFAULT_RETRY, limit: 3 })
    expect(callRetry(routes['sessions.get'], DEFAULT_RETRY, false).limit).toBe(0)
  })
})
