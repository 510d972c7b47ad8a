import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  AbortedError,
  ApiError,
  hasErrorCode,
  NetworkError,
  ResponseValidationError,
  TimeoutError,
} from '../../src/index.js'
import { ERROR_CASES } from '../support/error-cases.js'
import { errorAnswer, healthAnswer, sessionAnswer } from '../support/fixtures.js'
import { api, counted, never, testClient, useServer } from '../support/server.js'

const server = useServer()

describe('safe(): the non-throwing form, { data, error, response }', () => {
  it.each([...ERROR_CASES, [418, 'teapot', 'I am a teapot.', ApiError] as const])(
    'SPEC §7: %i %s settles with the class the throwing form raises, and the response',
    async (status, code, message, Class) => {
      server.use(
        http.get(api('/sessions/ses_1'), () => HttpResponse.json(errorAnswer(status, code, message), { status })),
      )
      const result = await testClient({ retry: false }).sessions.get('ses_1').safe()
      expect(result.data).toBeUndefined()
      expect(result.error).toBeInstanceOf(Class)
      expect(hasErrorCode(result.error, code)).toBe(true)
      expect(result.error).toMatchObject({ status, code, serverMessage: message })
      expect(result.response?.status).toBe(status)
    },
  )

  it('a success settles with the data and the response, and no error', async () => {
    server.use(http.get(api('/sessions/ses_1'), () => HttpResponse.json({ data: sessionAnswer('ses_1') })))
    const result = await testClient().sessions.get('ses_1').safe()
    expect(result).toMatchObject({ data: sessionAnswer('ses_1'), error: undefined })
    expect(result.response?.status).toBe(200)
  })

  it('a NetworkError and a TimeoutError settle with no response', async () => {
    server.use(http.get(api('/health'), () => HttpResponse.error()))
    const dropped = await testClient({ retry: false }).health().safe()
    expect(dropped.error).toBeInstanceOf(NetworkError)
    expect(dropped.response).toBeUndefined()
    server.use(http.get(api('/health'), never))
    const slow = await testClient().health({ timeout: 20 }).safe()
    expect(slow.error).toBeInstanceOf(TimeoutError)
  })

  it("the caller's abort settles with an AbortedError", async () => {
    server.use(http.get(api('/health'), never))
    const result = await testClient()
      .health({ signal: AbortSignal.timeout(20) })
      .safe()
    expect(result.error).toBeInstanceOf(AbortedError)
  })

  it('an answer that breaks the contract settles with a ResponseValidationError and the response', async () => {
    server.use(http.get(api('/health'), () => HttpResponse.json({ data: { ...healthAnswer, running: 'yes' } })))
    const result = await testClient().health().safe()
    expect(result.error).toBeInstanceOf(ResponseValidationError)
    expect(result.response?.status).toBe(200)
  })

  it('retries the same as the throwing form: two 503s then the answer', async () => {
    const { handler, calls } = counted('get', '/health', (call) =>
      call < 3 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ data: healthAnswer }),
    )
    server.use(handler)
    const result = await testClient().health().safe()
    expect(result.error).toBeUndefined()
    expect(calls).toHaveLength(3)
  })

  it("an error that is not the SDK's (a hook's bug) is still thrown", async () => {
    server.use(http.get(api('/health'), () => HttpResponse.json({ data: healthAnswer })))
    const bug = new RangeError('hook bug')
    const client = testClient({
      hooks: {
        beforeRequest: [
          () => {
            throw bug
          },
        ],
      },
    })
    await expect(client.health().safe()).rejects.toBe(bug)
  })
})

describe('withResponse(): the raw answer', () => {
  it('gives the status and headers with the parsed data from one request', async () => {
    const { handler, calls } = counted('get', '/health', () =>
      HttpResponse.json({ data: healthAnswer }, { headers: { 'x-request-id': 'req-7' } }),
    )
    server.use(handler)
    const promise = testClient().health()
    const { data, response } = await promise.withResponse()
    expect(data).toEqual(healthAnswer)
    expect([response.status, response.headers.get('x-request-id')]).toEqual([200, 'req-7'])
    await expect(promise).resolves.toEqual(healthAnswer)
    expect(calls).toHaveLength(1)
  })

  it("tags.add's raw answer is the PUT's", async () => {
    server.use(
      http.get(api('/sessions/ses_1/tags'), () => HttpResponse.json({ data: { id: 'ses_1', tags: ['a'] } })),
      http.put(api('/sessions/ses_1/tags'), async ({ request }) =>
        HttpResponse.json(
          { data: { id: 'ses_1', ...((await request.json()) as object) } },
          { headers: { 'x-op': 'put' } },
        ),
      ),
    )
    const { data, response } = await testClient().tags.add('ses_1', ['b']).withResponse()
    expect(data.tags).toEqual(['a', 'b'])
    expect(response.headers.get('x-op')).toBe('put')
  })
})

describe('lastError (DECISIONS preamble)', () => {
  it('health() reads lastError: null as absent instead of failing validation', async () => {
    server.use(http.get(api('/health'), () => HttpResponse.json({ data: { ...healthAnswer, lastError: null } })))
    const health = await testClient().health()
    expect(health.lastError).toBeUndefined()
    expect(health.status).toBe('ok')
  })

  it('health() keeps a string lastError and still refuses a number', async () => {
    server.use(http.get(api('/health'), () => HttpResponse.json({ data: { ...healthAnswer, lastError: 'disk full' } })))
    await expect(testClient().health()).resolves.toMatchObject({ lastError: 'disk full' })
    server.use(http.get(api('/health'), () => HttpResponse.json({ data: { ...healthAnswer, lastError: 3 } })))
    await expect(testClient().health()).rejects.toThrow(/data\.lastError/)
  })
})
