import { readFile } from 'node:fs/promises'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { escapeControls, MAX_JSON_DEPTH } from '@session-library/internal'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../src/node.js'
import { call, killLeftoverClis, removeCliBundle, runCli } from '../cli/cli-process.js'

// D20: the proxy reads at most --proxy-max-body of an upstream answer (default 8 MiB)
// and answers 502 beyond it, memory bounded; what it prints and journals too.

const token = 'proxy-limits-token'
const HUGE = 600 * 1024 * 1024
const CHUNK = Buffer.alloc(64 * 1024, 0x20)
const DEEP = 2_000_000

/** Streams `total` bytes, a chunk at a time as the reader takes them; stops when it goes away. */
function stream(res: ServerResponse, total: number, declared: boolean): void {
  res.writeHead(200, { 'Content-Type': 'application/json', ...(declared && { 'Content-Length': `${total}` }) })
  let sent = 0
  res.once('close', () => {
    sent = total
  })
  const pump = () => {
    while (sent < total) {
      sent += CHUNK.length
      if (!res.write(CHUNK)) return void res.once('drain', pump)
    }
    res.end()
  }
  pump()
}

/** An upstream with answers too large, too deep, of an exact size, and with control characters in a field name. */
function upstream(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream')
    if (url.pathname === '/api/v1/sessions') return stream(res, HUGE, url.searchParams.has('declared'))
    if (url.pathname === '/api/v1/tags') {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      const depth = Number(url.searchParams.get('depth') ?? DEEP)
      return void res.end(`${'['.repeat(depth)}${']'.repeat(depth)}`)
    }
    const status = url.searchParams.get('status')
    if (status) {
      const hostile = {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Credentials': 'true',
        Connection: 'close, X-Hop',
        'X-Hop': 'h',
        'Keep-Alive': 'timeout=1',
        'X-Kept': 'k',
      }
      return void res.writeHead(Number(status), { 'Content-Type': 'application/json', ...hostile }).end('{"data":{}}')
    }
    const size = Number(url.searchParams.get('size') ?? 2)
    const body = url.searchParams.has('escape')
      ? JSON.stringify({ data: { status: 'ok', '\u001b]0;OWNED\u0007\u009b2J': 1 } })
      : JSON.stringify('a'.repeat(size - 2))
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1` }),
    ),
  )
}

const kilobytes = async (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1])

let origin: Awaited<ReturnType<typeof upstream>>
beforeAll(async () => {
  origin = await upstream()
})
afterAll(async () => {
  origin.server.closeAllConnections()
  await new Promise((resolve) => origin.server.close(resolve))
  await killLeftoverClis()
  await removeCliBundle()
})

describe('D20: the proxy reads a bounded answer', () => {
  let proxy: RunningServer
  beforeAll(async () => {
    proxy = await startServer({ port: 0, token, sessions: 0, proxy: origin.url, proxyMaxBody: 1_000 })
  })
  afterAll(() => proxy.close())
  const via = (path: string) => fetch(`${proxy.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })

  it('D20: an answer of exactly --proxy-max-body bytes passes; one byte more is 502 bad_gateway naming the limit', async () => {
    const at = await via('/health?size=1000')
    expect([at.status, (await at.text()).length]).toEqual([200, 1_000])
    const past = await via('/health?size=1001')
    expect(past.status).toBe(502)
    expect((await past.json()).error).toEqual({
      status: 502,
      code: 'bad_gateway',
      message: `The server at ${origin.url.replace('/api/v1', '')} answered more than 1000 bytes.`,
    })
  })

  it(`D20: an answer nested ${MAX_JSON_DEPTH} deep passes; one level more is 502 bad_gateway before it is parsed`, async () => {
    const bigger = await startServer({ port: 0, token, sessions: 0, proxy: origin.url })
    try {
      const headers = { Authorization: `Bearer ${token}` }
      const edge = await fetch(`${bigger.url}/tags?depth=${MAX_JSON_DEPTH}`, { headers })
      expect([edge.status, (await edge.text()).length]).toEqual([200, 2 * MAX_JSON_DEPTH])
      const past = await fetch(`${bigger.url}/tags?depth=${MAX_JSON_DEPTH + 1}`, { headers })
      expect(past.status).toBe(502)
      expect((await past.json()).error.message).toContain('too deeply nested')
    } finally {
      await bigger.close()
    }
  })

  it('D20: an upstream status from 600 to 999 is 502 bad_gateway naming it, never 500', async () => {
    for (const status of [600, 799, 999]) {
      const answer = await via(`/health?status=${status}`)
      expect(answer.status).toBe(502)
      expect((await answer.json()).error).toMatchObject({
        code: 'bad_gateway',
        message: expect.stringContaining(`status ${status}`),
      })
    }
    expect((await via('/health?status=599')).status).toBe(599)
  })

  it("D18: the upstream's CORS headers, hop-by-hop ones and those its Connection names never pass", async () => {
    const answer = await via('/health?status=200')
    const names = [...answer.headers.keys()]
    expect(names.filter((name) => name.startsWith('access-control') || name === 'x-hop')).toEqual([])
    expect(answer.headers.get('x-kept')).toBe('k')
    // The mock's own connection has a keep-alive of its own, not the upstream's.
    expect(answer.headers.get('keep-alive')).not.toBe('timeout=1')
  })

  it('D20: a declared Content-Length past the limit is 502 before its body is read', async () => {
    const answer = await via('/sessions?declared')
    expect(answer.status).toBe(502)
    expect((await answer.json()).error.code).toBe('bad_gateway')
  })

  it('a client token in the query is masked in the proxy’s journal and departures', async () => {
    const secret = 'client-secret-token'
    await fetch(`${proxy.url}/health?size=10&token=${secret}`, { headers: { Authorization: `Bearer ${secret}` } })
    const entry = proxy.api.journal().at(-1)
    // The journal keeps the target as a URL holds it: the mask percent-encoded.
    expect(entry?.query).toBe('size=10&token=%3Ctoken%3E')
    expect(JSON.stringify([proxy.api.journal(), proxy.api.departures()])).not.toContain(secret)
  })
})

describe('D20: session-library-mock --proxy with the default limit', () => {
  it('D20: a 600 MB upstream answer is 502 bad_gateway within the time limit, the mock’s RSS growing by less than 100 MB; four 2M-deep JSON answers at once are 502, not 500, within the same memory', async () => {
    const cli = await runCli(['--port', '0', '--token', token, '--proxy', origin.url, '--quiet'])
    try {
      expect(cli.url, cli.stderr()).not.toBe('')
      const pid = cli.child.pid as number
      expect((await call(cli, '/health?size=100')).status).toBe(200)
      const before = await kilobytes(pid, 'VmRSS')
      const huge = await call(cli, '/sessions')
      expect(huge.status).toBe(502)
      expect((await huge.json()).error).toMatchObject({
        code: 'bad_gateway',
        message: expect.stringContaining('answered more than 8388608 bytes'),
      })
      const deep = await Promise.all([1, 2, 3, 4].map(() => call(cli, '/tags')))
      for (const answer of deep) {
        expect(answer.status).toBe(502)
        expect((await answer.json()).error.message).toContain('too deeply nested')
      }
      // Four 2M-deep answers at once: refused before parsing (parsed, one alone took ~200 MB).
      expect((await kilobytes(pid, 'VmHWM')) - before).toBeLessThan(100 * 1024)
    } finally {
      await cli.stop()
    }
  }, 60_000)

  it('departure lines on stderr escape control characters from upstream field names', async () => {
    const cli = await runCli(['--port', '0', '--token', token, '--proxy', origin.url, '--quiet'])
    try {
      expect((await call(cli, '/health?escape')).status).toBe(200)
      await expect.poll(cli.stderr).toContain('\\e]0;OWNED\\x07\\x9b2J')
      const lines = cli.stderr().split('\n')
      expect(lines.map(escapeControls)).toEqual(lines)
    } finally {
      await cli.stop()
    }
  })
})
