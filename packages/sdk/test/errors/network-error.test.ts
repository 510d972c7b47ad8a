import { describe, expect, it } from 'vitest'
import { NetworkError, SessionLibrary, TimeoutError } from '../../src/index.js'
import { TOKEN } from '../support/fixtures.js'
import { closedPort, usePlainServers } from '../support/plain-server.js'

const listen = usePlainServers()
const client = (baseUrl: string) => new SessionLibrary({ token: TOKEN, baseUrl, retry: false })

describe('no answer', () => {
  it('with nothing listening, the message names the method, the full URL and ECONNREFUSED host:port', async () => {
    const port = await closedPort()
    const error = await client(`http://127.0.0.1:${port}/api/v1`)
      .sessions.get('ses_1')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).message).toBe(
      `sessions.get: network error (GET http://127.0.0.1:${port}/api/v1/sessions/ses_1): ECONNREFUSED 127.0.0.1:${port}`,
    )
    expect(error).toMatchObject({ code: 'network_error', causeCode: 'ECONNREFUSED' })
  })

  it('an unknown host names ENOTFOUND and the host', async () => {
    const error = await client('http://session-library.invalid/api/v1')
      .health()
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'NetworkError', causeCode: expect.stringMatching(/^E(NOTFOUND|AI_AGAIN)$/) })
    expect((error as Error).message).toMatch(/: E(NOTFOUND|AI_AGAIN) session-library\.invalid$/)
  })

  it('a port fetch refuses (no connection, a cause without a code) names the reason, not only fetch failed', async () => {
    const error = await client('http://127.0.0.1:6000/api/v1')
      .health()
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'NetworkError', causeCode: undefined })
    expect((error as Error).message).toBe(
      'health.get: network error (GET http://127.0.0.1:6000/api/v1/health): bad port',
    )
  })

  it('a timeout names the full URL and its length', async () => {
    const baseUrl = await listen(() => {})
    const error = await client(baseUrl)
      .health({ timeout: 40 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as Error).message).toBe(`health.get: no answer within 40 ms (GET ${baseUrl}/health)`)
  })
})
