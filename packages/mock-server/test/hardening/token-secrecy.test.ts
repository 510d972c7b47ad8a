import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { constantTimeEqual } from '../../src/http/auth.js'
import { type CliProcess, runCli } from '../node/cli/cli-process.js'
import { rawRequest } from '../node/transport/raw-http.js'

// D2: the token is compared in constant time, and it never reaches a log line, an error, the
// journal or the health snapshot, however a client sends it.

/**
 * Counts the code units `constantTimeEqual` reads (its `charCodeAt` calls). Work that does not
 * depend on where a mismatch is cannot leak where it is.
 */
function unitsRead(given: string, expected: string): number {
  const read = vi.spyOn(String.prototype, 'charCodeAt')
  try {
    constantTimeEqual(given, expected)
    return read.mock.calls.length
  } finally {
    read.mockRestore()
  }
}

describe('D2: constant-time token comparison', () => {
  it('D2: answers exactly whether the strings are equal', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(constantTimeEqual(a, b)).toBe(a === b)
        expect(constantTimeEqual(a, a)).toBe(true)
      }),
    )
  })

  it('D2: reads every code unit whatever the position of a mismatch (no early exit)', () => {
    const expected = 'token-0123456789abcdef'
    const equal = unitsRead(expected, expected)
    expect(equal).toBeGreaterThanOrEqual(2 * expected.length)
    expect(unitsRead(`X${expected.slice(1)}`, expected)).toBe(equal)
    expect(unitsRead(`${expected.slice(0, -1)}X`, expected)).toBe(equal)
    expect(unitsRead(`${expected.slice(0, 10)}X${expected.slice(11)}`, expected)).toBe(equal)
  })
})

const TOKEN = 'Sup3r-Secret-Token-0123456789'
const UNICODE_ESCAPED = [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
// A host name is read in lower case; a JSON body is shown decoded, so its `\u` escapes as the token.
const FORMS = [TOKEN, encodeURIComponent(TOKEN), TOKEN.toLowerCase(), UNICODE_ESCAPED]

/** What the dashboard's event stream sends first: the state and the kept entries, as text. */
async function backlog(origin: string): Promise<string> {
  const answer = await fetch(`${origin}/__mock/events`, { headers: { authorization: `Bearer ${TOKEN}` } })
  const reader = (answer.body as ReadableStream<Uint8Array>).getReader()
  let text = ''
  while (!text.includes('drums%2C')) text += new TextDecoder().decode((await reader.read()).value)
  await reader.cancel()
  return text
}

describe('D2: the token in no log line, error, journal or health answer', () => {
  let cli: CliProcess
  let origin: string
  const seen: string[] = []

  /** Sends a request as a client might, keeping all it got back for the final grep. */
  async function send(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
    const { token = TOKEN, ...rest } = init
    const headers = new Headers(rest.headers)
    headers.set('authorization', `Bearer ${token}`)
    if (rest.body) headers.set('content-type', 'application/json')
    const answer = await fetch(`${origin}${path}`, { ...rest, headers })
    seen.push(`${answer.status} ${JSON.stringify([...answer.headers])} ${await answer.clone().text()}`)
    return answer
  }

  beforeAll(async () => {
    cli = await runCli(['--port', '0', '--token', TOKEN, '--sessions', '2'])
    origin = new URL(cli.url).origin
  })
  afterAll(() => cli.stop())

  it('D2: wrong tokens, the token in paths, queries, body keys (\\u-escaped too), control bodies, the Host, a 5xx: it is nowhere', async () => {
    for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), TOKEN.toLowerCase(), '']) {
      expect((await send('/api/v1/health', { token: wrong })).status).toBe(401)
    }
    await send(`/api/v1/sessions?q=${TOKEN}&sort=${TOKEN}`)
    await send(`/api/v1/sessions?limit=${TOKEN}&tags=${TOKEN}`)
    await send(`/api/v1/sessions/${TOKEN}`)
    await send(`/api/v1/sessions/${TOKEN}/tags`, { method: 'PUT', body: JSON.stringify({ tags: ['a'] }) })
    await send(`/api/v1/${TOKEN}`)
    expect((await send('/api/v1/sessions', { method: 'POST', body: JSON.stringify({ [TOKEN]: 1 }) })).status).toBe(400)
    await send('/api/v1/sessions', { method: 'POST', body: `{"title": "${TOKEN}` })
    await send('/api/v1/sessions', { method: 'POST', body: `{"title": "${UNICODE_ESCAPED}", "x": 1}` })
    await send('/api/v1/sessions', {
      method: 'POST',
      body: `{"title": "${UNICODE_ESCAPED.toUpperCase().replaceAll('\\U', '\\u')}"`,
    })
    expect((await send('/__mock/mode', { method: 'PUT', body: JSON.stringify({ [TOKEN]: 1 }) })).status).toBe(400)
    await send(`/__mock/${TOKEN}`)
    await send('/__mock/faults', { method: 'POST', body: JSON.stringify({ status: 503, operation: 'tagCounts.list' }) })
    await send(`/api/v1/tags?${TOKEN}=1`)
    // After an encoded separator, as the server reads each part; and as the Host.
    for (const target of [
      `/api/v1/sessions?q=notes+${TOKEN}`,
      `/api/v1/sessions?q=notes%20${TOKEN}`,
      `/api/v1/sessions?tags=drums%2C${TOKEN}`,
      `/api/v1/sessions/x%2F${TOKEN}`,
    ])
      await send(target)
    const hosted = await rawRequest(origin, '/api/v1/health', {
      headers: { authorization: `Bearer ${TOKEN}`, host: TOKEN },
    })
    seen.push(hosted.text)

    const health = await send('/api/v1/health')
    expect(((await health.json()) as { data: { lastError?: string } }).data.lastError).toBeDefined()
    await send('/__mock/journal')
    const recent = (await (await send('/api/v1/health')).json()) as { data: { recentRequests: { path: string }[] } }
    expect(recent.data.recentRequests.some((entry) => entry.path === '/api/v1/sessions/x%2F<token>')).toBe(true)
    seen.push(await backlog(origin))
    await expect.poll(() => cli.stderr()).toContain('GET /api/v1/health 200')
    for (const text of [...seen, cli.stderr()]) for (const form of FORMS) expect(text).not.toContain(form)
    // The ready line is the one place it is shown.
    expect(cli.stdout().split(TOKEN)).toHaveLength(2)
  })
})
