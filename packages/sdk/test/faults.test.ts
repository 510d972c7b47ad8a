import { type RunningServer, startServer } from '@session-library/mock-server/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AbortedError, NetworkError, ServerError, SessionLibrary, TimeoutError } from '../src/index.js'

// The SDK under the mock's injected faults over real sockets (the standalone mock): each fault ends
// as the README's "Retries and timeouts" says. mock.test.ts covers the same faults in-process.

const TOKEN = 'faults-test-token'
let server: RunningServer

beforeAll(async () => {
  server = await startServer({ port: 0, token: TOKEN, sessions: 3 })
})
beforeEach(async () => {
  server.api.clearFaults()
  await server.api.reset()
})
afterAll(() => server.close())

const client = (retry = { baseDelay: 1, maxDelay: 5_000 }) =>
  new SessionLibrary({ token: TOKEN, baseUrl: server.url, retry })
/** Statuses the mock journaled for an operation, 0 for a dropped connection. */
const attempts = (operation: string) =>
  server.api
    .journal()
    .filter((entry) => entry.operation === operation)
    .map((entry) => entry.statusCode)
const failure = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  )

describe('README retries: dropped connections', () => {
  it('a read retries a dropped connection and returns the answer of the next attempt', async () => {
    server.api.injectFault({ network: true, count: 2, operation: 'sessions.list' })
    await expect(client().sessions.list()).resolves.toMatchObject({ meta: { total: 3 } })
    expect(attempts('sessions.list')).toEqual([0, 0, 200])
  })

  it('a read whose every attempt is dropped is a NetworkError after 1 + 2 attempts', async () => {
    server.api.injectFault({ network: true, count: 5, operation: 'tagCounts.list' })
    expect(await failure(client().tagCounts())).toBeInstanceOf(NetworkError)
    expect(attempts('tagCounts.list')).toEqual([0, 0, 0])
  })

  it('a create is sent once: a dropped connection is a NetworkError and nothing is created', async () => {
    server.api.injectFault({ network: true, operation: 'sessions.create' })
    expect(await failure(client().sessions.create({ title: 'Once' }))).toBeInstanceOf(NetworkError)
    expect(attempts('sessions.create')).toEqual([0])
    expect(server.api.snapshot().sessions.map(({ title }) => title)).not.toContain('Once')
  })
})

describe('README retries: 503 with Retry-After', () => {
  it('a read waits the Retry-After seconds, then succeeds', async () => {
    server.api.injectFault({ status: 503, retryAfter: 1, operation: 'health.get' })
    const started = performance.now()
    await expect(client().health()).resolves.toMatchObject({ status: 'ok' })
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
    expect(attempts('health.get')).toEqual([503, 200])
  })

  it('a Retry-After of exactly maxDelay is waited for', async () => {
    server.api.injectFault({ status: 503, retryAfter: 1, operation: 'health.get' })
    await expect(client({ baseDelay: 1, maxDelay: 1_000 }).health()).resolves.toMatchObject({ status: 'ok' })
    expect(attempts('health.get')).toEqual([503, 200])
  })

  it('a Retry-After beyond maxDelay ends the call at once, its retryAfter in seconds', async () => {
    server.api.injectFault({ status: 503, retryAfter: 1, operation: 'health.get' })
    const started = performance.now()
    const error = await failure(client({ baseDelay: 1, maxDelay: 999 }).health())
    expect(performance.now() - started).toBeLessThan(900)
    expect(error).toBeInstanceOf(ServerError)
    expect(error).toMatchObject({ status: 503, retryAfter: 1, hint: 'retry after 1 s' })
    expect((error as Error).message).toMatch(/\(health\.get GET \/api\/v1\/health\) — retry after 1 s$/)
    expect(attempts('health.get')).toEqual([503])
  })

  it('a create is not retried: a ServerError that carries status, code and Retry-After', async () => {
    server.api.injectFault({ status: 503, retryAfter: 7, operation: 'sessions.create' })
    const error = await failure(client().sessions.create({ title: 'Later' }))
    expect(error).toBeInstanceOf(ServerError)
    expect(error).toMatchObject({ status: 503, code: 'internal_error', retryAfter: 7 })
    expect(attempts('sessions.create')).toEqual([503])
  })
})

describe('README timeouts: a slow answer past the timeout', () => {
  it('is a TimeoutError after one attempt: a timeout is not retried', async () => {
    // The answer comes 3 s late; a timeout of 100 ms ends the call long before, however busy the machine.
    server.api.injectFault({ latency: 3_000, operation: 'sessions.list' })
    const started = performance.now()
    const error = await failure(new SessionLibrary({ token: TOKEN, baseUrl: server.url, timeout: 100 }).sessions.list())
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error).toMatchObject({ timeout: 100, operation: 'sessions.list' })
    expect(performance.now() - started).toBeLessThan(2_000)
    await expect.poll(() => attempts('sessions.list'), { timeout: 6_000 }).toEqual([200])
  })
})

describe('README timeouts: an abort during the retry wait', () => {
  it('rejects with an AbortedError holding the signal’s reason at once and sends no further attempt', async () => {
    server.api.injectFault({ status: 503, retryAfter: 5, operation: 'health.get' })
    const controller = new AbortController()
    const reason = new Error('user cancelled')
    const call = failure(client().health({ signal: controller.signal }))
    await expect.poll(() => attempts('health.get')).toEqual([503])
    const aborted = performance.now()
    controller.abort(reason)
    const error = await call
    expect(error).toBeInstanceOf(AbortedError)
    expect((error as AbortedError).reason).toBe(reason)
    expect(performance.now() - aborted).toBeLessThan(2_000) // the retry wait was 5 s
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(attempts('health.get')).toEqual([503])
  })
})
