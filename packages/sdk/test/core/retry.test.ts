import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  backoffDelay,
  DEFAULT_RETRY,
  NetworkError,
  NotImplementedError,
  RateLimitError,
  ServerError,
} from '../../src/index.js'
import { errorAnswer, healthAnswer, sessionAnswer } from '../support/fixtures.js'
import { counted, testClient, useServer } from '../support/server.js'

const server = useServer()

const unavailable = (status: number, headers: Record<string, string> = {}) =>
  HttpResponse.json(errorAnswer(status, 'internal_error', 'Internal server error.'), { status, headers })
const health = () => HttpResponse.json({ data: healthAnswer })

describe('retries', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries a read after %i and returns the later success', async (status) => {
    const { handler, calls } = counted('get', '/health', (call) => (call < 3 ? unavailable(status) : health()))
    server.use(handler)
    await expect(testClient().health()).resolves.toMatchObject({ status: 'ok' })
    expect(calls).toHaveLength(3)
  })

  it('gives up after the default 2 retries and throws the last answer', async () => {
    const { handler, calls } = counted('get', '/health', () => unavailable(503))
    server.use(handler)
    await expect(testClient().health()).rejects.toBeInstanceOf(ServerError)
    expect(calls).toHaveLength(1 + DEFAULT_RETRY.limit)
  })

  it('never retries a 501: a missing service stays missing', async () => {
    const { handler, calls } = counted('get', '/sessions/ses_1/waveform', () =>
      HttpResponse.json(errorAnswer(501, 'waveform_unavailable', 'Waveform service is unavailable.'), { status: 501 }),
    )
    server.use(handler)
    await expect(testClient().waveform('ses_1')).rejects.toBeInstanceOf(NotImplementedError)
    expect(calls).toHaveLength(1)
  })

  it('retries a network error on a read', async () => {
    const { handler, calls } = counted('get', '/health', (call) => (call === 1 ? HttpResponse.error() : health()))
    server.use(handler)
    await expect(testClient().health()).resolves.toMatchObject({ status: 'ok' })
    expect(calls).toHaveLength(2)
  })

  it.each(['bad port', 'unknown scheme'])('never retries a request no attempt can send (%s)', async (reason) => {
    let attempts = 0
    const fetch = async () => {
      attempts++
      throw new TypeError('fetch failed', { cause: new Error(reason) })
    }
    await expect(testClient({ fetch }).health()).rejects.toThrow(NetworkError)
    await expect(testClient({ fetch }).health()).rejects.toThrow(reason)
    expect(attempts).toBe(2)
  })

  it('retries idempotent writes (PUT tags, DELETE)', async () => {
    const tags = counted('put', '/sessions/ses_1/tags', (call) =>
      call === 1 ? unavailable(503) : HttpResponse.json({ data: { id: 'ses_1', tags: ['a'] } }),
    )
    const del = counted('delete', '/sessions/ses_1', (call) =>
      call === 1 ? HttpResponse.error() : HttpResponse.json({ data: { deleted: true, id: 'ses_1' } }),
    )
    server.use(tags.handler, del.handler)
    const client = testClient()
    await client.tags.replace('ses_1', ['a'])
    await client.sessions.delete('ses_1')
    expect([tags.calls.length, del.calls.length]).toEqual([2, 2])
  })

  it.each([
    ['create', 'post', '/sessions', (c: ReturnType<typeof testClient>) => c.sessions.create({ title: 'x' })],
    ['update', 'patch', '/sessions/ses_1', (c: ReturnType<typeof testClient>) => c.sessions.update('ses_1', {})],
    ['import', 'post', '/import', (c: ReturnType<typeof testClient>) => c.imports.start({ items: [] })],
  ] as const)('never retries %s unless the call asks', async (_name, method, path, send) => {
    const { handler, calls } = counted(method, path, () => unavailable(503))
    server.use(handler)
    await expect(send(testClient())).rejects.toBeInstanceOf(ServerError)
    expect(calls).toHaveLength(1)
  })

  it('retries a create when the call passes retry', async () => {
    const { handler, calls } = counted('post', '/sessions', (call) =>
      call === 1 ? HttpResponse.error() : HttpResponse.json({ data: sessionAnswer('ses_9') }, { status: 201 }),
    )
    server.use(handler)
    await expect(testClient().sessions.create({ title: 'x' }, { retry: 1 })).resolves.toMatchObject({ id: 'ses_9' })
    expect(calls).toHaveLength(2)
  })

  it('retry: false on a call turns retries off; retry: n sets the count', async () => {
    const { handler, calls } = counted('get', '/health', () => HttpResponse.error())
    server.use(handler)
    await expect(testClient().health({ retry: false })).rejects.toBeInstanceOf(NetworkError)
    expect(calls).toHaveLength(1)
    await expect(testClient().health({ retry: 4 })).rejects.toBeInstanceOf(NetworkError)
    expect(calls).toHaveLength(1 + 5)
  })

  it('honours Retry-After in seconds', async () => {
    const times: number[] = []
    const { handler } = counted('get', '/health', (call) => {
      times.push(Date.now())
      return call === 1 ? unavailable(503, { 'retry-after': '1' }) : health()
    })
    server.use(handler)
    await testClient({ retry: { baseDelay: 1, maxDelay: 5_000 } }).health()
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950)
  })

  it('honours Retry-After as an HTTP date within maxDelay', async () => {
    const times: number[] = []
    // A date has whole seconds: two seconds on is one to two seconds away.
    const later = new Date(Date.now() + 2_000).toUTCString()
    const { handler } = counted('get', '/health', (call) => {
      times.push(Date.now())
      return call === 1 ? unavailable(429, { 'retry-after': later }) : health()
    })
    server.use(handler)
    await testClient({ retry: { baseDelay: 1, maxDelay: 2_000 } }).health()
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(900)
  })

  it('a Retry-After date past maxDelay is a RateLimitError at once, retryAfter in seconds from now', async () => {
    const later = new Date(Date.now() + 60_000).toUTCString()
    const { handler, calls } = counted('get', '/health', () => unavailable(429, { 'retry-after': later }))
    server.use(handler)
    const error = await testClient({ retry: { maxDelay: 5_000 } })
      .health()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitError)
    expect((error as RateLimitError).retryAfter).toBeGreaterThanOrEqual(59)
    expect((error as RateLimitError).retryAfter).toBeLessThanOrEqual(60)
    expect(calls).toHaveLength(1)
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
