import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SessionLibrary } from '../../src/index.js'
import { BASE_URL, healthAnswer, TOKEN } from '../support/fixtures.js'
import { counted, useServer } from '../support/server.js'

const server = useServer()

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

function flakyHealth() {
  const { handler } = counted('get', '/health', (call) =>
    call === 1 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ data: healthAnswer }),
  )
  server.use(handler)
}

const client = (options = {}) =>
  new SessionLibrary({ token: TOKEN, baseUrl: BASE_URL, retry: { baseDelay: 1, maxDelay: 5 }, ...options })

describe('SESSION_LIBRARY_LOG and logLevel', () => {
  it('SESSION_LIBRARY_LOG=debug writes every line to stderr (console.error), nothing to stdout', async () => {
    vi.stubEnv('SESSION_LIBRARY_LOG', 'debug')
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {})
    const stdout = [vi.spyOn(console, 'log'), vi.spyOn(console, 'debug'), vi.spyOn(console, 'info')]
    flakyHealth()
    await client().health()
    expect(stderr.mock.calls.map(([message]) => message)).toEqual([
      'session-library: request',
      'session-library: response',
      'session-library: retry',
      'session-library: request',
      'session-library: response',
      'session-library: answer',
    ])
    expect(JSON.stringify(stderr.mock.calls)).not.toContain(TOKEN)
    for (const spy of stdout) expect(spy).not.toHaveBeenCalled()
  })

  it('D2: a token in the path (an id given as it) or echoed in a response header is masked in every line, the error message included', async () => {
    const logger = { debug: vi.fn() }
    server.use(
      counted('get', '/sessions/:id', () =>
        HttpResponse.json(
          { error: { status: 404, code: 'not_found', message: 'session not found' } },
          { status: 404, headers: { 'x-echo': TOKEN } },
        ),
      ).handler,
    )
    await client({ logger, logLevel: 'debug' })
      .sessions.get(TOKEN)
      .catch(() => {})
    const lines = JSON.stringify(logger.debug.mock.calls)
    expect(lines).toContain('/sessions/<token>')
    expect(lines).not.toContain(TOKEN)
  })

  it('warn keeps the retries and failures only; info adds one line per call', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {})
    flakyHealth()
    await client({ logLevel: 'warn' }).health()
    expect(stderr.mock.calls.map(([message]) => message)).toEqual(['session-library: retry'])
    stderr.mockClear()
    flakyHealth()
    await client({ logLevel: 'info' }).health()
    expect(stderr.mock.calls.map(([message]) => message)).toEqual(['session-library: retry', 'session-library: answer'])
  })

  it('error logs a failed call once, with its message', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(counted('get', '/health', () => new HttpResponse(null, { status: 404 })).handler)
    await client({ logLevel: 'error' })
      .health()
      .catch(() => {})
    expect(stderr).toHaveBeenCalledTimes(1)
    expect(JSON.parse(stderr.mock.calls[0]?.[1])).toMatchObject({
      method: 'GET',
      error: expect.stringContaining('404'),
    })
  })

  it('no level and no logger logs nothing; a logger given alone gets every line at its levels', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {})
    flakyHealth()
    await client().health()
    expect(stderr).not.toHaveBeenCalled()
    const lines: string[] = []
    const logger = { debug: (m: string) => lines.push(`debug ${m}`), warn: (m: string) => lines.push(`warn ${m}`) }
    flakyHealth()
    await client({ logger }).health()
    expect(lines).toContain('warn session-library: retry')
    expect(lines).toContain('debug session-library: answer')
  })

  it('info writes one line per call to stderr: the operation, method, URL and status', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(counted('get', '/health', () => HttpResponse.json({ data: healthAnswer })).handler)
    await client({ logLevel: 'info' }).health()
    expect(stderr).toHaveBeenCalledTimes(1)
    const line = stderr.mock.calls[0]?.join(' ') ?? ''
    expect(line).not.toContain('\n')
    expect(line).toBe(
      `session-library: answer {"operation":"health.get","method":"GET","url":"${BASE_URL}/health","status":200}`,
    )
  })

  it('an unknown logLevel option is a TypeError at construction', () => {
    expect(() => client({ logLevel: 'verbose' as 'off' })).toThrow(
      /log level must be one of debug, info, warn, error, off: verbose/,
    )
    expect(() => client({ logLevel: 'off' })).not.toThrow()
  })

  it('an unknown SESSION_LIBRARY_LOG is one warning naming the variable and the levels, then ignored', async () => {
    vi.stubEnv('SESSION_LIBRARY_LOG', 'verbose')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {})
    flakyHealth()
    await client().health()
    client()
    expect(warn.mock.calls).toEqual([
      ['session-library: SESSION_LIBRARY_LOG ignored: log level must be one of debug, info, warn, error, off: verbose'],
    ])
    expect(stderr).not.toHaveBeenCalled()
  })
})
