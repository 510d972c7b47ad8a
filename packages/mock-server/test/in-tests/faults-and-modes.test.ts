import { describe, expect, it } from 'vitest'
import { createMockApi, type Fault } from '../../src/index.js'
import { NOW } from '../support/harness.js'
import { servedMock } from '../support/served-mock.js'

const origin = 'http://faults.test'
const headers = { authorization: 'Bearer test-token', 'content-type': 'application/json' }
const get = async (path: string) => {
  const answer = await fetch(`${origin}${path}`, { headers })
  return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: await answer.json() }
}

describe('faults of any 4xx or 5xx status', () => {
  const { api } = servedMock({ baseUrl: origin, sessions: 1, now: NOW })

  it('429 with Retry-After answers the envelope rate_limited; 404 answers not_found with its text', async () => {
    api.reset()
    api.injectFault({ status: 429, retryAfter: 2, operation: 'sessions.list' })
    api.injectFault({ status: 404, operation: 'health.get' })
    expect(await get('/api/v1/sessions')).toEqual({
      status: 429,
      retryAfter: '2',
      body: { error: { status: 429, code: 'rate_limited', message: 'Too many requests.' } },
    })
    expect((await get('/api/v1/health')).body).toEqual({
      error: { status: 404, code: 'not_found', message: 'session not found' },
    })
    expect(api.requests({ status: 429 })[0]).toMatchObject({ code: 'rate_limited', operation: 'sessions.list' })
  })

  it('a body of its own, for `times` requests, then the normal answer', async () => {
    api.reset()
    api.injectFault({ status: 418, body: { teapot: true }, times: 2 })
    expect((await get('/api/v1/tags')).body).toEqual({ teapot: true })
    expect((await get('/api/v1/health')).status).toBe(418)
    expect((await get('/api/v1/tags')).status).toBe(200)
  })

  it('a bad fault is a TypeError naming the field, in process and a 400 on /__mock/faults alike', async () => {
    const bad: unknown[] = [
      { status: 302 },
      { status: 429, latency: 1e12 },
      { status: 503, retryAfter: -1 },
      { latency: 1.5 },
      { network: true, body: {} },
    ]
    const named = ['fault.status', 'fault.latency', 'fault.retryAfter', 'fault.latency', 'fault.body']
    for (const [index, fault] of bad.entries()) {
      expect(() => api.injectFault(fault as Fault)).toThrow(new RegExp(`^invalid fault: ${named[index]}: `))
      const answer = await fetch(`${origin}/__mock/faults`, { method: 'POST', headers, body: JSON.stringify(fault) })
      const { error } = await answer.json()
      expect([answer.status, error.message]).toEqual([
        400,
        expect.stringMatching(new RegExp(`^${named[index]?.slice(6)}: `)),
      ])
    }
    expect(() => api.injectFault({ latency: 600_000 })).not.toThrow()
    api.clearFaults()
  })

  it('an unknown operation is named with the nearest one and the list, in process and on /__mock/faults alike', async () => {
    const nearMiss =
      /^operation: unknown operation "sessions\.lst" \(did you mean 'sessions\.list'\?\); expected one of health\.get, sessions\.list, .*tagCounts\.list$/
    expect(() => api.injectFault({ status: 404, operation: 'sessions.lst' as 'sessions.list' })).toThrow(
      new RegExp(`^invalid fault: fault\\.${nearMiss.source.slice(1)}`),
    )
    expect(() => api.injectFault({ status: 404, operation: 'nope.x' as 'sessions.list' })).toThrow(
      /^invalid fault: fault\.operation: unknown operation "nope\.x"; expected one of health\.get, /,
    )
    const answer = await fetch(`${origin}/__mock/faults`, {
      method: 'POST',
      headers,
      body: '{"status":404,"operation":"sessions.lst"}',
    })
    expect([answer.status, (await answer.json()).error.message]).toEqual([400, expect.stringMatching(nearMiss)])
    expect(api.faults()).toEqual([])
  })

  it('latency beyond ten minutes is refused by setLatency, the option and PUT /__mock/latency, never cut to 1 ms', async () => {
    expect(() => api.setLatency(1e12)).toThrow(
      /invalid latency: 1000000000000; expected a whole number of ms from 0 to 600000/,
    )
    expect(() => createMockApi({ latency: 1e12 })).toThrow(TypeError)
    const put = async (ms: unknown) => {
      const answer = await fetch(`${origin}/__mock/latency`, { method: 'PUT', headers, body: JSON.stringify({ ms }) })
      return [answer.status, (await answer.json()).error?.message]
    }
    expect(await put(1e12)).toEqual([400, 'ms: must be at most 600000 ms'])
    expect(await put(600_001)).toEqual([400, 'ms: must be at most 600000 ms'])
    expect(await put(-1)).toEqual([400, 'ms: must be at least 0 ms'])
    expect(await put(1.5)).toEqual([400, 'ms: must be a whole number of ms'])
    expect(await put('5')).toEqual([400, 'ms: must be a whole number of ms'])
    expect(await put(600_000)).toEqual([200, undefined])
    api.setLatency(0)
  })

  it('a status typed number (a test.each table) compiles and is checked when injected, at and past each edge', () => {
    const statuses: number[] = [399, 400, 599, 600]
    const taken = statuses.map((status) => {
      try {
        api.injectFault({ status })
        return status
      } catch (caught) {
        return (caught as Error).message
      }
    })
    expect(taken).toEqual([
      'invalid fault: fault.status: must be a 4xx or 5xx status (400–599)',
      400,
      599,
      'invalid fault: fault.status: must be a 4xx or 5xx status (400–599)',
    ])
    // @ts-expect-error `statusCode` is not a field of a fault
    const misspelt: Fault = { statusCode: 503 }
    expect(misspelt).toBeDefined()
  })

  it('a network fault drops the connection with a cause that says so: ECONNRESET, no [object Response]', async () => {
    api.injectFault({ network: true, operation: 'health.get' })
    const failure = await fetch(`${origin}/api/v1/health`, { headers }).catch((caught: Error) => caught)
    const causes: unknown[] = []
    for (let at: unknown = failure; at instanceof Object && causes.length < 4; at = (at as Error).cause) causes.push(at)
    expect(causes.at(-1)).toMatchObject({
      code: 'ECONNRESET',
      message: 'ECONNRESET: the mock dropped the connection (an injected network fault)',
    })
  })

  it('a fault answers the code the contract gives its status: 503 storage_unavailable, 501 the operation’s service', async () => {
    api.injectFault({ status: 503, times: 2 })
    api.injectFault({ status: 501, operation: 'waveform.get' })
    api.injectFault({ status: 502 })
    const codes = []
    for (const path of ['/tags', '/health', '/sessions/x/waveform', '/tags']) {
      const { status, body } = await get(`/api/v1${path}`)
      codes.push(`${status} ${body.error.code}`)
    }
    expect(codes).toEqual([
      '503 storage_unavailable',
      '503 storage_unavailable',
      '501 waveform_unavailable',
      '502 http_502',
    ])
  })
})

describe('modes are a literal union, checked at run time too (D1)', () => {
  it('setMode("readonly") does not compile and throws a TypeError naming the allowed values', () => {
    const api = createMockApi({ sessions: 0 })
    // @ts-expect-error 'readonly' is no mode
    expect(() => api.setMode('readonly')).toThrow(
      "invalid mode: \"readonly\"; expected one of 'disabled', 'read-only', 'full-automation'",
    )
    // @ts-expect-error nor as the effective one
    expect(() => api.setMode('full-automation', 'ro')).toThrow(/invalid effective mode: "ro"/)
    // @ts-expect-error nor as an option
    expect(() => createMockApi({ mode: 'readonly' })).toThrow(TypeError)
    // @ts-expect-error nor a service
    expect(() => api.setServiceAvailable('waveforms', false)).toThrow(/invalid service: "waveforms"/)
    api.setMode('read-only', 'disabled')
    expect(api.snapshot()).toBeDefined()
  })
})
