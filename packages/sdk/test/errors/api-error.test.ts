import { inspect } from 'node:util'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  ApiError,
  isApiError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ServerError,
  UNKNOWN_ERROR_CODE,
} from '../../src/index.js'
import { ERROR_CASES } from '../support/error-cases.js'
import { errorAnswer, TOKEN } from '../support/fixtures.js'
import { api, testClient, useServer } from '../support/server.js'

const server = useServer()

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  )
}

const cases = ERROR_CASES

describe('error answers', () => {
  it.each(cases)('SPEC §7: %i %s becomes its class with the server message', async (status, code, message, Class) => {
    server.use(
      http.get(api('/sessions/ses_1'), () => HttpResponse.json(errorAnswer(status, code, message), { status })),
    )
    const error = await failure(testClient({ retry: false }).sessions.get('ses_1'))
    expect(error).toBeInstanceOf(Class)
    expect(error).toMatchObject({
      status,
      code,
      serverMessage: message,
      message: `${status} ${code}: ${message} (sessions.get GET /api/v1/sessions/ses_1)`,
      operation: 'sessions.get',
      method: 'GET',
      path: '/api/v1/sessions/ses_1',
      url: api('/sessions/ses_1'),
      body: errorAnswer(status, code, message),
    })
  })

  it('DECISIONS preamble: an unknown code and extra fields still give an ApiError with the code', async () => {
    const body = { error: { status: 409, code: 'conflict', message: 'Busy.', hint: 'later' } }
    server.use(http.get(api('/sessions/ses_1'), () => HttpResponse.json(body, { status: 409 })))
    const error = await failure(testClient().sessions.get('ses_1'))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, code: 'conflict', serverMessage: 'Busy.', body })
  })

  it('an HTML 502 from a proxy gives a ServerError with the status and the raw text', async () => {
    const html = '<html><body><h1>502 Bad Gateway</h1></body></html>'
    server.use(
      http.get(api('/health'), () => new HttpResponse(html, { status: 502, headers: { 'content-type': 'text/html' } })),
    )
    const error = await failure(testClient({ retry: false }).health())
    expect(error).toBeInstanceOf(ServerError)
    expect(error).toMatchObject({ status: 502, code: UNKNOWN_ERROR_CODE, body: html })
    expect((error as ApiError).serverMessage).toMatch(/^HTTP 502/)
  })

  it('a problem+json answer (RFC 9457, as gateways and Prism send) gives its title and detail in the message', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Unprocessable Entity',
      detail: 'body.title is required',
      status: 422,
    }
    server.use(
      http.post(api('/sessions'), () =>
        HttpResponse.json(problem, { status: 422, headers: { 'content-type': 'application/problem+json' } }),
      ),
    )
    const error = await failure(testClient().sessions.create({ title: 'x' }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 422, code: UNKNOWN_ERROR_CODE, body: problem })
    expect((error as ApiError).serverMessage).toBe(
      'HTTP 422 Unprocessable Entity: Unprocessable Entity: body.title is required',
    )
    expect((error as ApiError).headers.get('content-type')).toBe('application/problem+json')
  })

  it('a plain-text answer gives its first line in the message, capped, and the whole text in body', async () => {
    const text = '\n  upstream connect error\nreset reason: overflow\n'
    server.use(
      http.get(
        api('/health'),
        () => new HttpResponse(text, { status: 503, headers: { 'content-type': 'text/plain' } }),
      ),
    )
    const error = await failure(testClient({ retry: false }).health())
    expect(error).toBeInstanceOf(ServerError)
    expect(error).toMatchObject({ status: 503, code: UNKNOWN_ERROR_CODE, body: text })
    expect((error as ApiError).serverMessage).toBe('HTTP 503 Service Unavailable: upstream connect error')
    server.use(http.get(api('/health'), () => new HttpResponse('x'.repeat(500), { status: 500 })))
    const long = await failure(testClient({ retry: false }).health())
    expect((long as ApiError).serverMessage).toBe(`HTTP 500 Internal Server Error: ${'x'.repeat(200)}…`)
  })

  it('SPEC §7: an envelope without error.status keeps its code and message', async () => {
    const body = { error: { code: 'not_found', message: 'session not found' } }
    server.use(http.get(api('/sessions/ses_1'), () => HttpResponse.json(body, { status: 404 })))
    const error = await failure(testClient().sessions.get('ses_1'))
    expect(error).toBeInstanceOf(NotFoundError)
    expect(error).toMatchObject({ status: 404, code: 'not_found', serverMessage: 'session not found' })
  })

  it('SPEC §7: an envelope with a message and no code gives the status line and the message', async () => {
    const body = { error: { message: 'Session is locked by another client.' } }
    server.use(http.get(api('/sessions/ses_1'), () => HttpResponse.json(body, { status: 409 })))
    const error = await failure(testClient().sessions.get('ses_1'))
    expect(error).toMatchObject({ status: 409, code: UNKNOWN_ERROR_CODE })
    expect((error as ApiError).serverMessage).toBe('HTTP 409 Conflict: Session is locked by another client.')
  })

  it("ApiError exposes the answer's headers", async () => {
    server.use(
      http.get(api('/health'), () =>
        HttpResponse.json(errorAnswer(429, 'rate_limited', 'Slow down.'), {
          status: 429,
          headers: { 'retry-after': '7', 'x-request-id': 'req-42' },
        }),
      ),
    )
    const error = await failure(testClient({ retry: false }).health())
    expect(error).toBeInstanceOf(RateLimitError)
    expect((error as ApiError).headers.get('x-request-id')).toBe('req-42')
    expect((error as ApiError).retryAfter).toBe(7)
  })

  it('an error answer with an empty body still gives an ApiError with the status', async () => {
    server.use(http.get(api('/health'), () => new HttpResponse(null, { status: 418 })))
    const error = await failure(testClient().health())
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 418, code: UNKNOWN_ERROR_CODE, body: undefined })
  })

  it('a dropped connection is a NetworkError that names the operation, the method and the full URL', async () => {
    server.use(http.get(api('/health'), () => HttpResponse.error()))
    const error = await failure(testClient({ retry: false }).health())
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as Error).message).toMatch(
      /^health\.get: network error \(GET http:\/\/sdk\.test\/api\/v1\/health\): /,
    )
  })

  it('isApiError narrows by code, and an unrelated error or another code is not it', async () => {
    server.use(
      http.delete(api('/sessions/ses_1'), () =>
        HttpResponse.json(errorAnswer(403, 'read_only', 'Enable Full Automation to perform this action.'), {
          status: 403,
        }),
      ),
    )
    const error = await failure(testClient().sessions.delete('ses_1'))
    expect(isApiError(error)).toBe(true)
    expect(isApiError(error, 'read_only')).toBe(true)
    expect(isApiError(error, 'not_found')).toBe(false)
    expect(isApiError(new Error('read_only'), 'read_only')).toBe(false)
  })
})

describe('D2: the token never leaks', () => {
  const leaks = (error: unknown) =>
    [inspect(error, { depth: 10, showHidden: true }), JSON.stringify(error), String(error)].some((text) =>
      text.includes(TOKEN),
    )

  it.each([
    [
      'an error answer',
      () => HttpResponse.json(errorAnswer(401, 'unauthorized', 'Provide Authorization.'), { status: 401 }),
    ],
    ['a network error', () => HttpResponse.error()],
    ['an HTML answer', () => new HttpResponse('<p>oops</p>', { status: 500 })],
  ])('not in %s, however it is printed', async (_name, reply) => {
    server.use(http.get(api('/health'), reply))
    const error = await failure(testClient({ retry: false }).health())
    expect(leaks(error)).toBe(false)
  })

  it('not in a TimeoutError, however it is printed', async () => {
    server.use(http.get(api('/health'), () => new Promise<Response>(() => {})))
    const error = await failure(testClient({ timeout: 20 }).health())
    expect(leaks(error)).toBe(false)
  })
})
