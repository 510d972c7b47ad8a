import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { DEFAULT_BASE_URL, NetworkError, SessionLibrary, TimeoutError } from '../../src/index.js'
import { TOKEN } from '../support/fixtures.js'
import { closedPort, useBrokenServers, usePlainServers } from '../support/plain-server.js'

const listen = usePlainServers()
const broken = useBrokenServers()
const client = (baseUrl: string) => new SessionLibrary({ token: TOKEN, baseUrl, retry: false })
const failure = (promise: Promise<unknown>) => promise.catch((e: unknown) => e)

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
    expect((error as Error).message).toMatch(
      /\(GET http:\/\/session-library\.invalid\/api\/v1\/health\): E(NOTFOUND|AI_AGAIN) session-library\.invalid$/,
    )
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

  it.each([
    ['reset at once', 'reset'],
    ['closed before the answer', 'drop'],
  ] as const)('a connection %s is ECONNRESET, retried like any network error', async (_, how) => {
    const { baseUrl, connections } = await broken(how)
    const error = await failure(
      new SessionLibrary({ token: TOKEN, baseUrl, retry: { limit: 2, baseDelay: 1 } }).health(),
    )
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ code: 'network_error', causeCode: 'ECONNRESET' })
    const host = new URL(baseUrl).host
    expect((error as Error).message).toBe(`health.get: network error (GET ${baseUrl}/health): ECONNRESET ${host}`)
    expect(connections()).toBe(3)
  })
})

// What each runtime's fetch rejects with (seen on Bun 1.4.5, Deno 2.9.6, Node 22–26; the runtime
// matrix runs the real ones): told apart by shape, whatever realm the error comes from.
const bun = (code: string, message: string) => Object.assign(new TypeError(message), { code, path: 'http://x/' })
const deno = (message: string) => new TypeError('fetch failed', { cause: new Error(message) })
const otherRealm = (code: string) =>
  runInNewContext(`Object.assign(new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code }) }))`, {
    code,
  })

describe('one rule for every runtime: the error fetch rejects with, by shape', () => {
  it.each([
    ['Bun, refused', bun('ECONNREFUSED', 'ECONNREFUSED: Unable to connect.'), 'ECONNREFUSED'],
    ['Bun, older', Object.assign(new Error('Unable to connect'), { code: 'ConnectionRefused' }), 'ECONNREFUSED'],
    ['Bun, reset', bun('ECONNRESET', 'ECONNRESET: The socket connection was closed unexpectedly.'), 'ECONNRESET'],
    ['Deno, refused', deno('tcp connect error: Connection refused (os error 111)'), 'ECONNREFUSED'],
    ['Deno, reset', deno('tcp connect error: Connection reset by peer (os error 104)'), 'ECONNRESET'],
    ['Deno, dropped', deno('client error (SendRequest): connection closed before message completed'), 'ECONNRESET'],
    ['Deno, DNS', deno('dns error: failed to lookup address information'), 'ENOTFOUND'],
    [
      'Node, dropped',
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
      }),
      'ECONNRESET',
    ],
    ['another realm (vm)', otherRealm('ECONNREFUSED'), 'ECONNREFUSED'],
  ])('%s: a NetworkError with causeCode %s, retried, settled by safe()', async (_, thrown, code) => {
    let attempts = 0
    const fetch = async () => {
      attempts++
      throw thrown
    }
    const sdk = new SessionLibrary({
      token: TOKEN,
      baseUrl: DEFAULT_BASE_URL,
      fetch,
      retry: { limit: 2, baseDelay: 1 },
    })
    const { error } = await sdk.health().safe()
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ causeCode: code, cause: thrown })
    expect(error?.message).toBe(
      `health.get: network error (GET ${DEFAULT_BASE_URL}/health): ${code} ${new URL(DEFAULT_BASE_URL).host}`,
    )
    expect(attempts).toBe(3)
  })

  it('what a fetch of the caller’s own throws that is no network error passes through, not retried', async () => {
    let attempts = 0
    const bug = new RangeError('a bug in the caller’s fetch')
    const fetch = async () => {
      attempts++
      throw bug
    }
    await expect(new SessionLibrary({ token: TOKEN, fetch }).health()).rejects.toBe(bug)
    expect(attempts).toBe(1)
  })
})
