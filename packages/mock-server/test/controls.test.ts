import { ERRORS, NOT_FOUND_MESSAGES } from '@session-library/schemas'
import { describe, expect, it } from 'vitest'
import { createMockApi, type LibrarySnapshot } from '../src/index.js'
import { describeTransports, expectAnswer, expectError, NOW } from './support/harness.js'
import { libraryOf } from './support/library.js'

describeTransports('faults and latency', (start) => {
  it('a status fault answers that 5xx with Retry-After for the next N requests, then normal answers', async () => {
    const h = await start()
    h.api.injectFault({ status: 503, retryAfter: 2, count: 2 })
    for (let i = 0; i < 2; i++) {
      const response = await h.fetch('/api/v1/sessions')
      expect(response.headers.get('retry-after')).toBe('2')
      await expectError(response, 'storage_unavailable', ERRORS.storage_unavailable.message, 503)
    }
    await expectAnswer(await h.fetch('/api/v1/sessions'), 'sessions.list')
    expect(h.api.journal().map((e) => e.statusCode)).toEqual([503, 503, 200])
  })

  it('a fault for one operation leaves the others alone', async () => {
    const h = await start()
    h.api.injectFault({ status: 500, operation: 'tagCounts.list' })
    await expectAnswer(await h.fetch('/api/v1/sessions'), 'sessions.list')
    await expectError(await h.fetch('/api/v1/tags'), 'internal_error', undefined, 500)
    await expectAnswer(await h.fetch('/api/v1/tags'), 'tagCounts.list')
  })

  it('a network fault drops the connection; the journal records it with statusCode 0', async () => {
    const h = await start()
    h.api.injectFault({ network: true, operation: 'health.get' })
    await expect(h.fetch('/api/v1/health')).rejects.toThrow()
    await expectAnswer(await h.fetch('/api/v1/health'), 'health.get')
    expect(h.api.journal()[0]).toMatchObject({ operation: 'health.get', statusCode: 0 })
  })

  it('clearFaults removes pending faults; an invalid fault throws', async () => {
    const h = await start()
    h.api.injectFault({ status: 502, count: 5 })
    h.api.clearFaults()
    await expectAnswer(await h.fetch('/api/v1/sessions'), 'sessions.list')
    expect(() => h.api.injectFault({ status: 200 as never })).toThrow(TypeError)
    expect(() => h.api.injectFault({ status: 500, network: true })).toThrow(TypeError)
    expect(() => h.api.injectFault({})).toThrow(TypeError)
  })

  it('faults() lists what still waits, as GET /__mock/faults does, and a fault is used up as its request arrives', async () => {
    const h = await start()
    h.api.injectFault({ status: 503, times: 2, operation: 'sessions.list' })
    h.api.injectFault({ latency: 300, operation: 'health.get' })
    const listed = [
      { status: 503, times: 2, operation: 'sessions.list', remaining: 2 },
      { latency: 300, operation: 'health.get', remaining: 1 },
    ]
    expect(h.api.faults()).toEqual(listed)
    expect((await (await h.fetch('/__mock/faults')).json()).data).toEqual(listed)
    await h.fetch('/api/v1/sessions')
    expect(h.api.faults()).toEqual([{ ...listed[0], remaining: 1 }, listed[1]])
    const slow = h.fetch('/api/v1/health')
    await expect.poll(() => h.api.faults()).toHaveLength(1) // under way, answered only after 300 ms
    expect(h.api.journal().map((entry) => entry.operation)).toEqual(['sessions.list'])
    await expectAnswer(await slow, 'health.get')
  })

  it('latency delays answers (set and per fault)', async () => {
    const h = await start()
    h.api.setLatency(60)
    let started = performance.now()
    await h.fetch('/api/v1/health')
    expect(performance.now() - started).toBeGreaterThanOrEqual(55)
    h.api.setLatency(0)
    h.api.injectFault({ latency: 60 })
    started = performance.now()
    await expectAnswer(await h.fetch('/api/v1/health'), 'health.get')
    expect(performance.now() - started).toBeGreaterThanOrEqual(55)
  })
})

describeTransports('reset, clock, journal, snapshot', (start) => {
  it('reset restores the starting library, modes and services, and empties the journal; ids restart as in a fresh mock', async () => {
    const h = await start({ sessions: 2 })
    const initial = h.api.snapshot()
    const created = (await (await h.fetch('/api/v1/sessions', { method: 'POST', json: { title: 'X' } })).json()).data.id
    h.api.setMode('read-only')
    h.api.setServiceAvailable('waveform', false)
    await h.api.reset()
    const after = h.api.snapshot()
    expect(after.sessions).toEqual(initial.sessions)
    expect(h.api.journal()).toEqual([])
    h.api.setNow(NOW)
    const again = (await (await h.fetch('/api/v1/sessions', { method: 'POST', json: { title: 'Y' } })).json()).data.id
    expect(again).toBe(created)
    expect((await (await h.fetch('/api/v1/sessions/x/waveform')).json()).error.code).toBe('not_found')
  })

  it('D18: timestamps come from the mock clock as ISO 8601 UTC with milliseconds; setNow moves it', async () => {
    const h = await start({ sessions: 0 })
    h.api.setNow('2027-01-02T03:04:05.006Z')
    const { data } = await expectAnswer(
      await h.fetch('/api/v1/sessions', { method: 'POST', json: { title: 'A' } }),
      'sessions.create',
    )
    expect(data.lastOpened).toBe('2027-01-02T03:04:05.006Z')
    expect(h.api.now().toISOString()).toBe('2027-01-02T03:04:05.006Z')
    h.api.setNow(undefined)
    expect(Math.abs(h.api.now().getTime() - Date.now())).toBeLessThan(5000)
  })

  it('the journal lists method, path, query, operation, status and code, oldest first', async () => {
    const h = await start()
    await h.fetch('/api/v1/sessions?limit=2')
    await h.fetch('/api/v1/sessions/none')
    expect(h.api.journal()).toMatchObject([
      {
        seq: 1,
        method: 'GET',
        origin: h.origin,
        path: '/api/v1/sessions',
        query: 'limit=2',
        operation: 'sessions.list',
        statusCode: 200,
        at: NOW,
      },
      {
        seq: 2,
        method: 'GET',
        origin: h.origin,
        path: '/api/v1/sessions/none',
        query: '',
        operation: 'sessions.get',
        statusCode: 404,
        code: 'not_found',
        at: NOW,
        answer: { body: { error: { status: 404, code: 'not_found', message: 'session not found' } } },
      },
    ])
  })

  it('the library option starts from a snapshot; snapshot() returns the whole library', async () => {
    const library = libraryOf([{ id: 'ses_k', title: 'Kept', client: 'C' }], 42)
    const h = await start({ library })
    expect(h.api.snapshot()).toEqual(library)
    const { data } = await expectAnswer(
      await h.fetch('/api/v1/sessions', { method: 'POST', json: { title: 'N' } }),
      'sessions.create',
    )
    expect(h.api.snapshot().nextId).toBe(43)
    expect(h.api.snapshot().sessions.map((s) => s.id)).toEqual(['ses_k', data.id])
  })
})

describeTransports('control surface /__mock', (start) => {
  it('needs the token and answers route not found for unknown routes', async () => {
    const h = await start()
    await expectError(await h.fetch('/__mock/mode', { token: null }), 'unauthorized', undefined, 401)
    await expectError(await h.fetch('/__mock/nothing'), 'not_found', NOT_FOUND_MESSAGES.route, 404)
  })

  it('GET/PUT mode, PUT services, PUT clock, PUT latency drive the API', async () => {
    const h = await start()
    const mode = await h.fetch('/__mock/mode', {
      method: 'PUT',
      json: { configuredMode: 'read-only', effectiveMode: 'disabled' },
    })
    expect((await mode.json()).data).toEqual({ configuredMode: 'read-only', effectiveMode: 'disabled' })
    expect((await (await h.fetch('/__mock/mode')).json()).data.effectiveMode).toBe('disabled')
    await expectError(await h.fetch('/api/v1/sessions', { method: 'POST', json: { title: 'A' } }), 'read_only')
    await h.fetch('/__mock/services', { method: 'PUT', json: { unavailable: ['waveform'] } })
    await expectError(await h.fetch('/api/v1/sessions/x/waveform'), 'waveform_unavailable')
    const clock = await h.fetch('/__mock/clock', { method: 'PUT', json: { now: '2030-01-01T00:00:00.000Z' } })
    expect((await clock.json()).data).toEqual({ now: '2030-01-01T00:00:00.000Z', fixed: true })
    expect((await (await h.fetch('/__mock/latency', { method: 'PUT', json: { ms: 0 } })).json()).data).toEqual({
      ms: 0,
    })
  })

  it('POST/DELETE faults, POST reset, GET imports, journal and snapshot', async () => {
    const h = await start({ sessions: 1 })
    const fault = await h.fetch('/__mock/faults', { method: 'POST', json: { status: 503, operation: 'sessions.list' } })
    expect(fault.status).toBe(201)
    expect((await h.fetch('/api/v1/sessions')).status).toBe(503)
    await h.fetch('/__mock/faults', { method: 'POST', json: { status: 503 } })
    await h.fetch('/__mock/faults', { method: 'DELETE' })
    expect((await h.fetch('/api/v1/sessions')).status).toBe(200)
    await h.fetch('/api/v1/import', { method: 'POST', json: { items: [{ projectPath: '/z.als' }] } })
    await h.api.idle()
    expect((await (await h.fetch('/__mock/imports')).json()).data[0]).toMatchObject({ completed: 1, done: true })
    expect((await (await h.fetch('/__mock/journal')).json()).data).toHaveLength(3)
    expect((await (await h.fetch('/__mock/snapshot')).json()).data.sessions).toHaveLength(2)
    expect((await (await h.fetch('/__mock/reset', { method: 'POST' })).json()).data).toEqual({ reset: true })
    expect(h.api.snapshot().sessions).toHaveLength(1)
    expect(h.api.imports()).toEqual([])
  })

  it('GET faults lists the pending ones, oldest first, each with how many requests it still applies to', async () => {
    const h = await start()
    await h.fetch('/__mock/faults', { method: 'POST', json: { status: 503, count: 2, operation: 'sessions.list' } })
    await h.fetch('/__mock/faults', { method: 'POST', json: { network: true } })
    await h.fetch('/api/v1/sessions')
    expect((await (await h.fetch('/__mock/faults')).json()).data).toEqual([
      { status: 503, count: 2, operation: 'sessions.list', remaining: 1 },
      { network: true, remaining: 1 },
    ])
  })

  it('rejects bad control bodies with 400 invalid_json naming the field', async () => {
    const h = await start()
    await expectError(
      await h.fetch('/__mock/mode', { method: 'PUT', body: '{' }),
      'invalid_json',
      ERRORS.invalid_json.message,
    )
    await expectError(
      await h.fetch('/__mock/mode', { method: 'PUT', json: { configuredMode: 'x' } }),
      'invalid_json',
      /^configuredMode: /,
    )
    await expectError(
      await h.fetch('/__mock/faults', { method: 'POST', json: { status: 200 } }),
      'invalid_json',
      /^status: /,
    )
    await expectError(await h.fetch('/__mock/latency', { method: 'PUT', json: { ms: -1 } }), 'invalid_json', /^ms: /)
  })

  it('control requests are neither journaled nor counted by health', async () => {
    const h = await start()
    await h.fetch('/__mock/mode')
    expect(h.api.journal()).toEqual([])
  })
})

describe('onChange (in-process)', () => {
  it('is awaited with the whole library after every change, before the answer goes out', async () => {
    const { setupServer } = await import('msw/node')
    const seen: LibrarySnapshot[] = []
    let release = () => {}
    // Only the first change is held back; later ones persist at once.
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const api = createMockApi({
      baseUrl: 'http://mock.test',
      now: NOW,
      sessions: 0,
      importDelay: 1,
      onChange: async (library) => {
        seen.push(library)
        if (seen.length === 1) await held
      },
    })
    const server = setupServer(...api.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    try {
      const headers = { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' }
      let answered = false
      const pending = fetch('http://mock.test/api/v1/sessions', {
        method: 'POST',
        headers,
        body: '{"title":"A"}',
      }).then((response) => {
        answered = true
        return response
      })
      await expect.poll(() => seen.length).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(answered).toBe(false)
      release()
      expect((await pending).status).toBe(201)
      expect(seen[0]?.sessions.map((s) => s.title)).toEqual(['A'])
      await fetch('http://mock.test/api/v1/sessions', { headers })
      expect(seen).toHaveLength(1)
      await fetch('http://mock.test/api/v1/import', {
        method: 'POST',
        headers,
        body: '{"items":[{"projectPath":"/i.als"}]}',
      })
      await api.idle()
      expect(seen.at(-1)?.sessions.map((s) => s.projectPath)).toEqual(['', '/i.als'])
    } finally {
      server.close()
    }
  })
})

describe('D5 demo library', () => {
  it('D5: is deterministic for a seed, with realistic variety and lastOpened within 90 days of the clock', () => {
    const make = (seed: number) => createMockApi({ seed, now: NOW }).snapshot()
    const library = make(3)
    expect(make(3)).toEqual(library)
    expect(make(4).sessions.map((s) => s.title)).not.toEqual(library.sessions.map((s) => s.title))
    expect(library.sessions).toHaveLength(24)
    const counts = library.sessions.map((s) => s.previews.length)
    expect(counts).toContain(0)
    expect(Math.max(...counts)).toBeGreaterThan(1)
    const oldest = Date.parse(NOW) - 90 * 86_400_000
    for (const s of library.sessions) {
      expect(Date.parse(s.lastOpened)).toBeGreaterThanOrEqual(oldest)
      expect(Date.parse(s.lastOpened)).toBeLessThanOrEqual(Date.parse(NOW))
      expect(s.client).not.toBe('')
    }
    expect(new Set(library.sessions.map((s) => s.kind)).size).toBeGreaterThan(3)
    expect(createMockApi({ sessions: 0 }).snapshot().sessions).toEqual([])
  })

  it('an invalid library option throws a TypeError naming the field', () => {
    expect(() => createMockApi({ library: { version: 1, nextId: 0, sessions: [], lanes: [] } })).toThrow(
      /library\.nextId/,
    )
  })
})
