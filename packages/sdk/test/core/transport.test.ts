import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import {
  AbortedError,
  ResponseValidationError,
  SessionLibrary,
  SessionLibraryError,
  TimeoutError,
} from '../../src/index.js'
import { BASE_URL, healthAnswer, sessionAnswer, TOKEN } from '../support/fixtures.js'
import { api, counted, never, testClient, useServer } from '../support/server.js'

const server = useServer()

describe('requests', () => {
  it('SPEC §5: sends the bearer token, JSON accept, the client and the call headers', async () => {
    const { handler, calls } = counted('get', '/health', () => HttpResponse.json({ data: healthAnswer }))
    server.use(handler)
    await testClient({ headers: { 'x-client': 'a' } }).health({ headers: { 'x-call': 'b' } })
    const headers = calls[0]!.headers
    expect(headers.get('authorization')).toBe(`Bearer ${TOKEN}`)
    expect(headers.get('accept')).toBe('application/json')
    expect([headers.get('x-client'), headers.get('x-call')]).toEqual(['a', 'b'])
  })

  it('D11: writes the typed list query: repeated tags, booleans and numbers as text', async () => {
    const { handler, calls } = counted('get', '/sessions', () =>
      HttpResponse.json({ data: [], meta: { total: 0, limit: 5, offset: 10 } }),
    )
    server.use(handler)
    await testClient().sessions.list({ tags: ['drums', 'vox'], recent: true, limit: 5, offset: 10, sort: '-title' })
    expect(new URL(calls[0]!.url).search).toBe('?tags=drums&tags=vox&recent=true&limit=5&offset=10&sort=-title')
  })

  it('percent-encodes ids so that any id stays one path segment', async () => {
    const { handler, calls } = counted('get', '/sessions/:id', () =>
      HttpResponse.json({ data: sessionAnswer('a/b c') }),
    )
    server.use(handler)
    await testClient().sessions.get('a/b c')
    expect(new URL(calls[0]!.url).pathname).toBe('/api/v1/sessions/a%2Fb%20c')
  })

  it('sends JSON bodies', async () => {
    const { handler, calls } = counted('put', '/sessions/ses_1/notes', () =>
      HttpResponse.json({ data: { id: 'ses_1', notes: '' } }),
    )
    server.use(handler)
    await testClient().notes.clear('ses_1')
    expect(calls[0]!.headers.get('content-type')).toBe('application/json')
    expect(await calls[0]!.json()).toEqual({ notes: '' })
  })

  it('sends through the fetch option', async () => {
    const fetch = vi.fn(async () => HttpResponse.json({ data: healthAnswer }))
    await new SessionLibrary({ token: TOKEN, baseUrl: BASE_URL, fetch }).health()
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})

describe('timeout and abort', () => {
  it('an attempt longer than timeout is a TimeoutError, not retried', async () => {
    const { handler, calls } = counted('get', '/health', never)
    server.use(handler)
    const error = await testClient()
      .health({ timeout: 30 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error).toMatchObject({ timeout: 30, operation: 'health.get' })
    expect(calls).toHaveLength(1)
  })

  it("the caller's abort with a reason is an AbortedError that holds the reason", async () => {
    server.use(http.get(api('/health'), never))
    const controller = new AbortController()
    const reason = new Error('user gave up')
    const call = testClient().health({ signal: controller.signal })
    setTimeout(() => controller.abort(reason), 10)
    const error = await call.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AbortedError)
    expect(error).toBeInstanceOf(SessionLibraryError)
    expect(error).toMatchObject({ reason, cause: reason, operation: 'health.get', path: '/api/v1/health' })
    expect((error as Error).message).toMatch(
      /^health\.get: aborted by the caller's signal \(GET \/api\/v1\/health\): Error: user gave up$/,
    )
  })

  it('an abort without a reason is an AbortedError whose reason is the AbortError DOMException', async () => {
    server.use(http.get(api('/health'), never))
    const controller = new AbortController()
    const call = testClient().health({ signal: controller.signal })
    setTimeout(() => controller.abort(), 10)
    const error = await call.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AbortedError)
    expect((error as AbortedError).reason).toMatchObject({ name: 'AbortError' })
  })

  it("the caller's AbortSignal.timeout is an AbortedError (reason: TimeoutError DOMException), not the SDK's TimeoutError", async () => {
    const { handler, calls } = counted('get', '/health', never)
    server.use(handler)
    const error = await testClient()
      .health({ signal: AbortSignal.timeout(20) })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AbortedError)
    expect(error).not.toBeInstanceOf(TimeoutError)
    expect((error as AbortedError).reason).toMatchObject({ name: 'TimeoutError' })
    expect(calls).toHaveLength(1)
  })

  it('an already aborted signal is an AbortedError and sends nothing', async () => {
    const { handler, calls } = counted('get', '/health', () => HttpResponse.json({ data: healthAnswer }))
    server.use(handler)
    const reason = new Error('too late')
    await expect(testClient().health({ signal: AbortSignal.abort(reason) })).rejects.toMatchObject({
      name: 'AbortedError',
      reason,
    })
    expect(calls).toHaveLength(0)
  })

  it('an already aborted signal sends nothing even through a fetch of your own that ignores signals', async () => {
    const fetch = vi.fn(async () => HttpResponse.json({ data: healthAnswer }))
    const client = new SessionLibrary({ token: TOKEN, baseUrl: BASE_URL, fetch })
    const result = await client.health({ signal: AbortSignal.abort() }).safe()
    expect(result.error).toBeInstanceOf(AbortedError)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('an abort during the backoff wait stops the retries with an AbortedError', async () => {
    const { handler, calls } = counted('get', '/health', () => HttpResponse.error())
    server.use(handler)
    const controller = new AbortController()
    const call = testClient({ retry: { baseDelay: 10_000, maxDelay: 10_000 } }).health({ signal: controller.signal })
    setTimeout(() => controller.abort(), 30)
    await expect(call).rejects.toBeInstanceOf(AbortedError)
    expect(calls).toHaveLength(1)
  })
})

describe('answers', () => {
  it('DECISIONS preamble: accepts extra fields and unknown values of open enums, and keeps them', async () => {
    const answer = sessionAnswer('ses_1', { kind: 'garageband', previewStatus: 'queued', brandNew: { x: 1 } })
    server.use(http.get(api('/sessions/ses_1'), () => HttpResponse.json({ data: answer, extra: true })))
    await expect(testClient().sessions.get('ses_1')).resolves.toEqual(answer)
  })

  it('a mismatch is a ResponseValidationError that names the operation and the field path', async () => {
    const answer = sessionAnswer('ses_1', { title: 42, previews: [{ id: 'pv' }] })
    server.use(http.get(api('/sessions/ses_1'), () => HttpResponse.json({ data: answer })))
    const error = await testClient()
      .sessions.get('ses_1')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseValidationError)
    const { message, issues } = error as ResponseValidationError
    expect(message).toMatch(/^sessions\.get: /)
    expect(issues).toContain('data.title: expected string')
    expect(issues).toContain('data.previews[0].name: expected string')
  })

  it('validate: false returns the body as it came', async () => {
    server.use(http.get(api('/sessions/ses_1'), () => HttpResponse.json({ data: { id: 7 } })))
    await expect(testClient({ validate: false }).sessions.get('ses_1')).resolves.toEqual({ id: 7 })
    await expect(testClient().sessions.get('ses_1', { validate: false })).resolves.toEqual({ id: 7 })
  })

  it('an empty or non-JSON success body is a ResponseValidationError, not a parser crash', async () => {
    server.use(http.get(api('/health'), () => new HttpResponse(null, { status: 200 })))
    await expect(testClient().health()).rejects.toBeInstanceOf(ResponseValidationError)
    server.use(http.get(api('/health'), () => new HttpResponse('<html>', { status: 200 })))
    await expect(testClient().health()).rejects.toThrow(/is not JSON/)
  })
})

describe('logger and hooks', () => {
  it('D2: the logger sees each attempt and retry, with Authorization redacted', async () => {
    const lines: string[] = []
    const logger = { debug: (message: string, details: object) => lines.push(`${message} ${JSON.stringify(details)}`) }
    const { handler } = counted('get', '/health', (call) =>
      call === 1 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ data: healthAnswer }),
    )
    server.use(handler)
    await testClient({ logger }).health()
    expect(lines.map((line) => line.split(' ')[1])).toEqual([
      'request',
      'response',
      'retry',
      'request',
      'response',
      'answer',
    ])
    expect(lines.join('\n')).toContain('"authorization":"Bearer [redacted]"')
    expect(lines.join('\n')).not.toContain(TOKEN)
  })

  it('passes hooks through with our types: a request hook, a response hook and a retry hook', async () => {
    const { handler, calls } = counted('get', '/health', (call) =>
      call === 1 ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ data: healthAnswer }),
    )
    server.use(handler)
    const retries: (number | undefined)[] = []
    const statuses: number[] = []
    await testClient({
      hooks: {
        beforeRequest: [(request) => request.headers.set('x-trace', 't1')],
        afterResponse: [(_request, response) => statuses.push(response.status)],
        beforeRetry: [({ status }) => retries.push(status)],
      },
    }).health()
    expect(calls[0]!.headers.get('x-trace')).toBe('t1')
    expect(statuses).toEqual([500, 200])
    expect(retries).toEqual([500])
  })
})
