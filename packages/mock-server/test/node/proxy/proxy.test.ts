import type { Departure } from '@session-library/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DeviantServer, startDeviantServer } from '../../../../../test-support/deviant-server.js'
import type { MockControls } from '../../../src/mock-controls.js'
import { mockCoreFrom, startingLibrary } from '../../../src/mock-core.js'
import { proxyStep } from '../../../src/node/proxy/proxy-handler.js'
import { type ServingServer, serveHandlers } from '../../../src/node/transport/http-server.js'
import { type RunningServer, startServer } from '../../../src/node.js'
import { call, removeCliBundle, runCli } from '../cli/cli-process.js'

const token = 'proxy-test-token'
const now = '2026-11-21T10:00:00.000Z'
const auth = (secret: string) => ({ Authorization: `Bearer ${secret}` })
// A departure as one line: operation, field path, rule, severity.
const pick = (departures: Departure[]) =>
  departures.map(({ operation, path, rule, severity }) => `${operation} ${path} ${rule} ${severity}`)

async function exchange(base: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { ...auth(token), 'Content-Type': 'application/json' },
  })
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() }
}

describe('--proxy in front of the mock itself: no departure', () => {
  let source: RunningServer
  let proxy: RunningServer
  beforeAll(async () => {
    source = await startServer({ port: 0, token, sessions: 6, now })
    proxy = await startServer({ port: 0, token, sessions: 0, proxy: source.url })
  })
  afterAll(async () => {
    await proxy.close()
    await source.close()
  })

  it('answers every operation as the source does, reads and writes, and finds no departure', async () => {
    const first = source.api.snapshot().sessions[0]?.id as string
    const reads = [
      '/health',
      '/sessions?kind=ableton&sort=-title&limit=2&offset=1',
      `/sessions/${first}`,
      `/sessions/${first}/tags`,
      `/sessions/${first}/notes`,
      `/sessions/${first}/preview`,
      `/sessions/${first}/waveform`,
      '/tags',
      '/sessions/nope',
      '/nowhere',
    ]
    for (const path of reads) {
      const direct = await exchange(source.url, path)
      const proxied = await exchange(proxy.url, path)
      // Health reports the request count, which the proxied request itself moved on.
      if (path !== '/health') expect(proxied).toEqual(direct)
    }
    const created = await exchange(proxy.url, '/sessions', {
      method: 'POST',
      body: JSON.stringify({ title: 'Proxied' }),
    })
    expect(created.status).toBe(201)
    const id = JSON.parse(created.text).data.id as string
    await exchange(proxy.url, `/sessions/${id}/tags`, { method: 'PUT', body: JSON.stringify({ tags: ['a'] }) })
    await exchange(proxy.url, `/sessions/${id}`, { method: 'DELETE' })
    expect(source.api.snapshot().sessions.some((session) => session.id === id)).toBe(false)
    expect(proxy.api.departures()).toEqual([])
    // Journaled as the mock's own answers are, with the operation.
    expect(proxy.api.journal().at(-1)).toMatchObject({
      method: 'DELETE',
      operation: 'sessions.delete',
      statusCode: 200,
    })
  })

  it('reports a request the mock would refuse (D9: limit=0) and still forwards it', async () => {
    const answered = await exchange(proxy.url, '/sessions?limit=0')
    expect(answered.status).toBe(400)
    expect(pick(proxy.api.departures().filter((departure) => departure.direction === 'request'))).toEqual([
      'sessions.list query.limit constraint breaking',
    ])
  })
})

describe('--proxy in front of a deviant server', () => {
  let deviant: DeviantServer
  let proxy: RunningServer
  const logged: string[] = []
  beforeAll(async () => {
    deviant = await startDeviantServer()
    proxy = await startServer({
      port: 0,
      token,
      sessions: 0,
      proxy: deviant.url,
      proxyTimeout: 1_500,
      onDeparture: (departure) => logged.push(departure.path),
    })
  })
  afterAll(async () => {
    await proxy.close()
    await deviant.close()
  })
  const viaProxy = (path: string, init: RequestInit = {}) =>
    fetch(`${proxy.url}${path}`, { ...init, headers: auth(deviant.token) })

  it('answers with the server answer unchanged and reports each departure with its field path', async () => {
    const direct = await fetch(`${deviant.url}/sessions`, { headers: auth(deviant.token) })
    const proxied = await viaProxy('/sessions')
    expect(proxied.status).toBe(200)
    expect(await proxied.text()).toBe(await direct.text())
    const health = await viaProxy('/health')
    expect(JSON.parse(await health.text()).data.lastError).toBeNull()
    expect(pick(proxy.api.departures())).toEqual([
      'sessions.list data[1].title missing-field breaking',
      'sessions.list data[0].rating unknown-field informational',
      'sessions.list data[0].kind unknown-value informational',
      'sessions.list data[0].status unknown-value informational',
      'health.get data.port wrong-type breaking',
      'health.get data.lastError null-field informational',
    ])
    expect(logged).toContain('data[1].title')
  })

  it('passes a problem+json 422 and an HTML 502 through and reports them as informational', async () => {
    const before = proxy.api.departures().length
    const created = await viaProxy('/sessions', { method: 'POST', body: JSON.stringify({ title: 'x' }) })
    expect(created.status).toBe(422)
    expect(created.headers.get('content-type')).toBe('application/problem+json')
    const tags = await viaProxy('/tags')
    expect([tags.status, await tags.text()]).toEqual([502, '<html><body>502 Bad Gateway</body></html>'])
    expect(pick(proxy.api.departures().slice(before))).toEqual([
      'sessions.create (status) status informational',
      'sessions.create (headers).content-type header informational',
      'sessions.create error error-envelope informational',
      'tagCounts.list (status) status informational',
      'tagCounts.list (headers).content-type header informational',
      'tagCounts.list error error-envelope informational',
    ])
  })

  it('answers a slow server 504 and a dropped connection 502, in the error envelope, without hanging', async () => {
    const slow = await viaProxy('/sessions/slow')
    expect(slow.status).toBe(504)
    expect((await slow.json()).error).toMatchObject({ status: 504, code: 'gateway_timeout' })
    const dropped = await viaProxy('/sessions/drop')
    expect(dropped.status).toBe(502)
    expect((await dropped.json()).error).toMatchObject({ status: 502, code: 'bad_gateway' })
    expect(pick(proxy.api.departures().slice(-2))).toEqual([
      'sessions.get (connection) transport breaking',
      'sessions.get (connection) transport breaking',
    ])
  })

  it('keeps the departures readable at the guarded /__mock/departures, never with the token (D2)', async () => {
    // A body that quotes the bearer token: its departure names the field, with the token masked.
    await viaProxy('/sessions', { method: 'POST', body: JSON.stringify({ title: 'x', secret: deviant.token }) })
    expect(proxy.api.departures()).toContainEqual(
      expect.objectContaining({
        direction: 'request',
        path: 'body.secret',
        rule: 'unknown-field',
        actual: '"<token>"',
      }),
    )
    const guarded = await fetch(`${proxy.origin}/__mock/departures`)
    expect(guarded.status).toBe(401)
    const read = await fetch(`${proxy.origin}/__mock/departures`, { headers: auth(token) })
    const { data } = (await read.json()) as { data: Departure[] }
    expect(data).toEqual(proxy.api.departures())
    expect(JSON.stringify(data)).not.toContain(deviant.token)
  })
})

describe('session-library-mock --proxy', () => {
  afterAll(removeCliBundle)

  it('logs each departure to stderr in one line, and answers 502 when the server is down', async () => {
    const deviant = await startDeviantServer()
    // The base URL may be given without /api/v1 too.
    const origin = deviant.url.replace('/api/v1', '')
    const cli = await runCli(['--port', '0', '--token', token, '--proxy', origin, '--quiet'])
    try {
      const answer = await fetch(`${cli.url}/health`, { headers: auth(deviant.token) })
      expect(answer.status).toBe(200)
      await expect.poll(cli.stderr).toContain('departure: breaking health.get 200 answer data.port wrong-type')
      await deviant.close()
      const down = await call(cli, '/health')
      expect(down.status).toBe(502)
      expect((await down.json()).error.code).toBe('bad_gateway')
    } finally {
      await cli.stop()
      await deviant.close()
    }
  })

  it('refuses a --proxy value that is not an http URL with the usage and exit code 2', async () => {
    const cli = await runCli(['--proxy', 'localhost:5000'])
    expect(await cli.exited).toBe(2)
    expect(cli.stderr()).toContain('--proxy: "localhost:5000" is not a URL')
  })
})

describe('the proxy is the handler step of the mock’s one request path', () => {
  let source: RunningServer
  let served: ServingServer
  let api: MockControls
  beforeAll(async () => {
    source = await startServer({ port: 0, token: 'upstream-token', sessions: 2, now })
    const options = { token, sessions: 0, baseUrl: '*' }
    const made = mockCoreFrom(options, startingLibrary(options))
    api = made.controls
    const proxy = proxyStep({ proxy: source.url, secrets: [token] })
    served = await serveHandlers({ mock: made.entry, proxy, port: 0 })
  })
  afterAll(async () => {
    await served.close()
    await source.close()
  })

  it('forwards without the mock’s own checks, journals each exchange once with its departures, the client token masked', async () => {
    api.setMode('read-only')
    const headers = { ...auth('upstream-token'), 'Content-Type': 'application/json' }
    const created = await fetch(`${served.origin}/api/v1/sessions?key=upstream-token`, {
      method: 'POST',
      headers,
      body: '{"title":"Through"}',
    })
    expect(created.status).toBe(201)
    const refused = await fetch(`${served.origin}/api/v1/sessions?limit=0`, { headers })
    expect(refused.status).toBe(400)
    expect(api.journal()).toMatchObject([
      { operation: 'sessions.create', statusCode: 201, query: 'key=%3Ctoken%3E' },
      { operation: 'sessions.list', statusCode: 400 },
    ])
    expect(pick(api.departures())).toEqual(['sessions.list query.limit constraint breaking'])
    expect(JSON.stringify(api.journal())).not.toContain('upstream-token')
    // The control surface is the mock's own, token and all.
    expect((await fetch(`${served.origin}/__mock/mode`, { headers: auth(token) })).status).toBe(200)
  })
})
