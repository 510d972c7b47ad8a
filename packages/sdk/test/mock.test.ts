import { createMockApi, type MockApi } from '@session-library/mock-server'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  BadRequestError,
  ForbiddenError,
  isApiError,
  NotFoundError,
  NotImplementedError,
  PayloadTooLargeError,
  ServerError,
  SessionLibrary,
  TimeoutError,
  UnauthorizedError,
} from '../src/index.js'

const BASE_URL = 'http://mock.test/api/v1'
const mock: MockApi = createMockApi({
  baseUrl: BASE_URL,
  sessions: 30,
  now: '2026-11-21T10:00:00.000Z',
  importDelay: 1,
})
const server = setupServer(...mock.handlers)

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
beforeEach(async () => {
  mock.clearFaults()
  await mock.reset()
})
afterAll(() => {
  mock.dispose()
  server.close()
})

const client = (options: ConstructorParameters<typeof SessionLibrary>[0] = {}) =>
  new SessionLibrary({ token: mock.token, baseUrl: BASE_URL, retry: { baseDelay: 1, maxDelay: 50 }, ...options })

const operationsIn = (journal: ReturnType<MockApi['journal']>) => journal.map((entry) => entry.operation)

describe('against the mock in-process', () => {
  describe('every documented error status maps to its class with the server message', () => {
    it('SPEC §7 400 invalid_json: BadRequestError naming the field (D4)', async () => {
      const error = await client()
        .sessions.create({ title: ' ' })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(BadRequestError)
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_json',
        serverMessage: 'title: must be a non-empty string',
      })
    })

    it('SPEC §5 401 unauthorized: UnauthorizedError (D2)', async () => {
      const error = await client({ token: 'wrong' })
        .health()
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(UnauthorizedError)
      expect(error).toMatchObject({ code: 'unauthorized', serverMessage: 'Provide Authorization: Bearer <token>.' })
    })

    it('SPEC §4.1 404 not_found: NotFoundError', async () => {
      const error = await client()
        .sessions.get('ses_missing')
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(NotFoundError)
      expect(error).toMatchObject({ code: 'not_found', serverMessage: 'session not found' })
    })

    it('D4 413 payload_too_large: PayloadTooLargeError', async () => {
      const [first] = (await client().sessions.list({ limit: 1 })).data
      const error = await client()
        .notes.set(first!.id, 'x'.repeat(1_100_000))
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(PayloadTooLargeError)
      expect(error).toMatchObject({ status: 413, code: 'payload_too_large' })
    })
  })

  describe('modes (D1)', () => {
    it.each([
      ['read-only', undefined],
      ['disabled', undefined],
      ['full-automation', 'read-only'],
    ] as const)('configured %s, effective %s: writes are 403 read_only, reads work', async (configured, effective) => {
      mock.setMode(configured, effective)
      const error = await client()
        .sessions.create({ title: 'x' })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ForbiddenError)
      expect(isApiError(error, 'read_only') && error.serverMessage).toBe(
        'Enable Full Automation to perform this action.',
      )
      await expect(client().health()).resolves.toMatchObject({ effectiveMode: effective ?? configured })
      await expect(client().sessions.list()).resolves.toMatchObject({ meta: { total: 30 } })
    })
  })

  describe('501 toggles', () => {
    it('waveform, waveform notes and import answer NotImplementedError with their code, once each', async () => {
      const [first] = (await client().sessions.list({ limit: 1 })).data
      mock.setServiceAvailable('waveform', false)
      mock.setServiceAvailable('waveform-notes', false)
      mock.setServiceAvailable('import', false)
      const calls = [
        client().waveform(first!.id),
        client().waveformNotes.replace(first!.id, []),
        client().imports.start({ items: [{ projectPath: '/x.als' }] }, { retry: 3 }),
      ]
      const errors = await Promise.all(calls.map((call) => call.catch((e: unknown) => e)))
      for (const error of errors) expect(error).toBeInstanceOf(NotImplementedError)
      expect(errors.map((error) => (error as NotImplementedError).code)).toEqual([
        'waveform_unavailable',
        'waveform_notes_unavailable',
        'import_unavailable',
      ])
      expect(mock.journal().filter((entry) => entry.statusCode === 501)).toHaveLength(3)
    })
  })

  describe('retries, seen in the journal', () => {
    it('a read retries through two 503s and succeeds on the third attempt', async () => {
      mock.injectFault({ status: 503, count: 2, operation: 'sessions.list' })
      await expect(client().sessions.list()).resolves.toMatchObject({ meta: { total: 30 } })
      expect(operationsIn(mock.journal())).toEqual(['sessions.list', 'sessions.list', 'sessions.list'])
    })

    it('a create is sent once despite a 503', async () => {
      mock.injectFault({ status: 503, operation: 'sessions.create' })
      await expect(client().sessions.create({ title: 'x' })).rejects.toBeInstanceOf(ServerError)
      expect(operationsIn(mock.journal())).toEqual(['sessions.create'])
    })

    it('a dropped connection on a read is retried', async () => {
      mock.injectFault({ network: true, operation: 'health.get' })
      await expect(client().health()).resolves.toMatchObject({ status: 'ok' })
      expect(operationsIn(mock.journal()).at(-1)).toBe('health.get')
    })

    it('Retry-After from the mock is waited for', async () => {
      mock.injectFault({ status: 503, retryAfter: 1, operation: 'health.get' })
      const started = Date.now()
      await client({ retry: { baseDelay: 1, maxDelay: 2_000 } }).health()
      expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    })
  })

  it('a slow answer is a TimeoutError', async () => {
    mock.injectFault({ latency: 500, operation: 'health.get' })
    await expect(client().health({ timeout: 50 })).rejects.toBeInstanceOf(TimeoutError)
  })

  it('an aborted call rejects with an AbortedError holding the reason', async () => {
    mock.injectFault({ latency: 500, operation: 'health.get' })
    const reason = new Error('stop')
    await expect(client().health({ signal: AbortSignal.abort(reason) })).rejects.toMatchObject({
      name: 'AbortedError',
      reason,
    })
  })

  it('pagination sees every session that stays, once, while others are added and deleted', async () => {
    const sdk = client()
    const before = await sdk.sessions.all({ sort: 'title' })
    const doomed = new Set(before.slice(20, 25).map((session) => session.id))
    const seen: string[] = []
    for await (const session of sdk.sessions.iterate({ limit: 4, sort: 'title' })) {
      seen.push(session.id)
      if (seen.length % 4 === 0) {
        await sdk.sessions.create({ title: `AAA added ${seen.length}` })
        const next = [...doomed].shift()
        if (next) {
          doomed.delete(next)
          await sdk.sessions.delete(next)
        }
      }
    }
    expect(new Set(seen).size).toBe(seen.length)
    const deletedBefore = new Set(before.slice(20, 25).map((session) => session.id))
    const stayed = before.filter((session) => !deletedBefore.has(session.id)).map((session) => session.id)
    // Inserts sort first ("AAA"), pushing every later session forward: none of those is skipped.
    expect(seen).toEqual(expect.arrayContaining(stayed))
    expect(mock.journal().filter((entry) => entry.operation === 'sessions.list').length).toBeLessThan(30)
  })
})
