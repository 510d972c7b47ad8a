import { describe, expect, it } from 'vitest'
import {
  checkInput,
  type Departure,
  endpoints,
  formatDeparture,
  formatIssues,
  sessionCreateBody,
  validateAnswer,
  validateRequest,
} from '../src/index.js'
import { healthSample, sessionSample, waveformSample } from './samples.js'

const json = { 'content-type': 'application/json' }
const pick = (departures: Departure[]) => departures.map(({ path, rule, severity }) => ({ path, rule, severity }))

describe('validateAnswer: what breaks the SDK and what only differs from the mock', () => {
  it('reports nothing for answers the mock gives (a session, a 404 of SPEC §7)', () => {
    expect(
      validateAnswer({ operation: 'sessions.get', status: 200, headers: json, body: { data: sessionSample } }),
    ).toEqual([])
    const notFound = { error: { status: 404, code: 'not_found', message: 'session not found' } }
    expect(validateAnswer({ operation: 'sessions.get', status: 404, headers: json, body: notFound })).toEqual([])
  })

  it('reports an extra field and an unknown kind as informational, with their field paths', () => {
    const body = {
      data: [{ ...sessionSample, rating: 5, kind: 'garageband' }],
      meta: { total: 1, limit: 50, offset: 0 },
    }
    expect(pick(validateAnswer({ operation: 'sessions.list', status: 200, body }))).toEqual([
      { path: 'data[0].rating', rule: 'unknown-field', severity: 'informational' },
      { path: 'data[0].kind', rule: 'unknown-value', severity: 'informational' },
    ])
  })

  it('reports a number sent as a string and a missing field as breaking', () => {
    const waveform = { ...waveformSample, bucketCount: String(waveformSample.bucketCount) }
    const body = { data: { sessionId: 's', waveform } }
    const departures = validateAnswer({ operation: 'waveform.get', status: 200, body })
    expect(pick(departures)).toEqual([
      { path: 'data.variantId', rule: 'missing-field', severity: 'breaking' },
      { path: 'data.waveform.bucketCount', rule: 'wrong-type', severity: 'breaking' },
    ])
    expect(departures[1]).toMatchObject({ expected: 'number', actual: '"4"' })
  })

  it('DECISIONS preamble: lastError null counts as absent, so it is informational, not breaking', () => {
    const body = { data: { ...healthSample, lastError: null } }
    expect(pick(validateAnswer({ operation: 'health.get', status: 200, body }))).toEqual([
      { path: 'data.lastError', rule: 'null-field', severity: 'informational' },
    ])
  })

  it('reports a success body that is not JSON as breaking', () => {
    const departures = validateAnswer({
      operation: 'tags.get',
      status: 200,
      headers: { 'content-type': 'text/html' },
      text: '<p>',
    })
    expect(pick(departures)).toEqual([
      { path: '(headers).content-type', rule: 'header', severity: 'informational' },
      { path: 'body', rule: 'not-json', severity: 'breaking' },
    ])
  })

  it('reports a problem+json 422 as an undocumented status and a foreign error envelope, informational', () => {
    const body = { type: 'about:blank', title: 'Unprocessable', status: 422, detail: 'title' }
    const headers = { 'content-type': 'application/problem+json' }
    expect(pick(validateAnswer({ operation: 'sessions.create', status: 422, headers, body }))).toEqual([
      { path: '(status)', rule: 'status', severity: 'informational' },
      { path: '(headers).content-type', rule: 'header', severity: 'informational' },
      { path: 'error', rule: 'error-envelope', severity: 'informational' },
    ])
  })

  it('reports an HTML 502 as an undocumented status with a body the SDK reads as code "unknown"', () => {
    const answer = { operation: 'notes.get', status: 502, text: '<html>Bad Gateway</html>' } as const
    expect(pick(validateAnswer(answer))).toEqual([
      { path: '(status)', rule: 'status', severity: 'informational' },
      { path: 'error', rule: 'error-envelope', severity: 'informational' },
    ])
  })

  it('D2, D4: reports a 401 without its challenge, a message other than SPEC §7 and an unknown code', () => {
    const body = { error: { status: 401, code: 'unauthorized', message: 'Bad token' } }
    expect(pick(validateAnswer({ operation: 'health.get', status: 401, headers: json, body }))).toEqual([
      { path: '(headers).www-authenticate', rule: 'header', severity: 'informational' },
      { path: 'error.message', rule: 'error-message', severity: 'informational' },
    ])
    const teapot = { error: { status: 403, code: 'locked', message: 'Library is locked', hint: 'x' } }
    expect(pick(validateAnswer({ operation: 'tags.put', status: 403, body: teapot }))).toEqual([
      { path: 'error.code', rule: 'unknown-value', severity: 'informational' },
      { path: 'error.hint', rule: 'unknown-field', severity: 'informational' },
    ])
  })

  it('D3: accepts the 404 "route not found" on a route the contract lacks, and reports a 200 there', () => {
    const body = { error: { status: 404, code: 'not_found', message: 'route not found' } }
    expect(validateAnswer({ operation: undefined, status: 404, body })).toEqual([])
    expect(pick(validateAnswer({ operation: undefined, status: 200, body: { data: [] } }))).toEqual([
      { path: '(status)', rule: 'status', severity: 'informational' },
    ])
  })

  it('formats a departure as one line with operation, status, path, rule, expected and actual', () => {
    const [departure] = validateAnswer({
      operation: 'tagCounts.list',
      status: 200,
      body: { data: [{ tag: 'a', count: '2' }] },
    })
    expect(formatDeparture(departure as Departure)).toBe(
      'breaking tagCounts.list 200 answer data[0].count wrong-type: has the wrong type (expected number, got "2")',
    )
  })
})

describe('validateRequest: the exact request schemas', () => {
  it('D4, D5, D8, D9: reports a bad query and bad body fields with their paths, all breaking; nothing for good ones', () => {
    expect(validateRequest({ operation: 'sessions.list', query: 'limit=10&sort=-title' })).toEqual([])
    expect(pick(validateRequest({ operation: 'sessions.list', query: '?limit=0' }))).toEqual([
      { path: 'query.limit', rule: 'constraint', severity: 'breaking' },
    ])
    expect(pick(validateRequest({ operation: 'sessions.create', body: { title: 'x', rating: 5 } }))).toEqual([
      { path: 'body.rating', rule: 'unknown-field', severity: 'breaking' },
    ])
    // D8: null is no value of a session field in a request, however optional the field.
    expect(pick(validateRequest({ operation: 'sessions.update', body: { title: null } }))).toEqual([
      { path: 'body.title', rule: 'null-field', severity: 'breaking' },
    ])
    expect(pick(validateRequest({ operation: 'notes.put', text: '{"notes":' }))).toEqual([
      { path: 'body', rule: 'not-json', severity: 'breaking' },
    ])
  })
})

describe('checkInput: the one request check of the mock, the CLI and the proxy (D4, D9)', () => {
  it('reads a query in each form the programs hold it, filling in defaults', () => {
    const list = endpoints['sessions.list']
    for (const query of [
      'limit=5&tags=a&tags=b',
      new URLSearchParams('limit=5&tags=a&tags=b'),
      { limit: 5, tags: ['a', 'b'] },
    ]) {
      const checked = checkInput(list, 'query', query)
      expect(checked.ok && (checked.value as { limit: number; tags: string[] })).toMatchObject({
        limit: 5,
        tags: ['a', 'b'],
      })
    }
  })

  it('refuses with the 400 message of D4, and passes an operation that takes no body', () => {
    expect(checkInput(endpoints['sessions.create'], 'body', { title: '', colour: 'x' })).toEqual({
      ok: false,
      message: formatIssues(sessionCreateBody.safeParse({ title: '', colour: 'x' }).error?.issues ?? []),
    })
    expect(checkInput(endpoints['sessions.get'], 'body', { anything: 1 })).toEqual({ ok: true, value: undefined })
  })
})
