import { startServer } from '@session-library/mock-server/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NotFoundError, SessionLibrary } from '../../src/index.js'
import { eachMock } from '../support/mocks.js'

eachMock({}, ({ client }) => {
  it('String(error) of a 404 names the status, the code, the server message, the operation and the path', async () => {
    const error = await client()
      .sessions.get('ses_missing')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NotFoundError)
    expect(String(error)).toBe(
      'NotFoundError: 404 not_found: session not found (sessions.get GET /api/v1/sessions/ses_missing)',
    )
    expect(error).toMatchObject({ serverMessage: 'session not found', operation: 'sessions.get', hint: undefined })
  })
})

describe('against the standalone mock, which answers every path', () => {
  let server: Awaited<ReturnType<typeof startServer>>
  beforeAll(async () => {
    server = await startServer({ port: 0 })
  })
  afterAll(() => server.close())

  it('D3: a 404 at a base URL without /api/v1 says to add it', async () => {
    const origin = new URL(server.url).origin
    const error = await new SessionLibrary({ token: server.api.token, baseUrl: origin })
      .health()
      .catch((e: unknown) => e)
    const hint = `the base URL may lack /api/v1: try ${origin}/api/v1`
    expect(error).toMatchObject({ status: 404, code: 'not_found', serverMessage: 'route not found', hint })
    expect((error as Error).message).toBe(`404 not_found: route not found (health.get GET /health) — ${hint}`)
  })

  it('D3: a base URL ending in /api is told to end in /api/v1, not /api/api/v1', async () => {
    const origin = new URL(server.url).origin
    const { error } = await new SessionLibrary({ token: server.api.token, baseUrl: `${origin}/api` }).health().safe()
    expect(error).toMatchObject({ status: 404, hint: `the base URL may lack /api/v1: try ${origin}/api/v1` })
  })
})

it('request() with a name that is no operation is a TypeError at once, with the nearest one', () => {
  const client = new SessionLibrary({ token: 't', baseUrl: 'http://sdk.test/api/v1' })
  const request = client.request as (name: string) => unknown
  expect(() => request.call(client, 'waveformNotes.get')).toThrow(
    new TypeError("SessionLibrary.request: unknown operation 'waveformNotes.get' (did you mean 'waveformNotes.put'?)"),
  )
  expect(() => request.call(client, 'toString')).toThrow(/unknown operation 'toString'$/)
})
