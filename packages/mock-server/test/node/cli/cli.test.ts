import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exactErrorEnvelope, librarySnapshot } from '@session-library/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionRecord } from '../../../../../test-support/fixtures/session-record.js'
import { version } from '../../../src/index.js'
import { rawRequest } from '../transport/raw-http.js'
import { type CliProcess, call, cliBundle, removeCliBundle, runCli } from './cli-process.js'

const TOKEN = 'cli-secret-token-42'
const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) })

let directory: string
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'mock-cli-'))
  await cliBundle()
})
afterAll(async () => {
  await rm(directory, { recursive: true, force: true })
  await removeCliBundle()
})

describe('session-library-mock: a running server', () => {
  let cli: CliProcess
  beforeAll(async () => {
    cli = await runCli(['--port', '0', '--token', TOKEN, '--sessions', '3', '--allow-host', 'mock.test'])
  })
  afterAll(() => cli.stop())

  it('MOCK.md: prints exactly one ready line to stdout with the base URL and the token', () => {
    expect(cli.stdout()).toMatch(
      /^Session Library mock ready at http:\/\/127\.0\.0\.1:\d+\/api\/v1 \(token: cli-secret-token-42\)\n$/,
    )
    expect(cli.token).toBe(TOKEN)
  })

  it('names the dashboard and the reference page on stderr (not on the ready line), without the token', async () => {
    const origin = new URL(cli.url).origin
    await expect
      .poll(() => cli.stderr())
      .toContain(`Dashboard at ${origin}/__mock/ (paste the token), API reference at ${origin}/docs\n`)
    expect(cli.stderr()).not.toContain(TOKEN)
  })

  it('D17: serves the API at the URL of the ready line', async () => {
    const answer = await call(cli, '/health')
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { data: { baseUrl: string } }).data.baseUrl).toBe(cli.url)
  })

  it('D2: logs each request on stderr without the token, even when it is sent in the URL', async () => {
    await call(cli, `/sessions?q=${TOKEN}`)
    const unauthorized = await fetch(`${cli.url}/health`, { headers: { Authorization: `Bearer ${TOKEN}x` } })
    expect(JSON.stringify(await unauthorized.json())).not.toContain(TOKEN)
    await expect.poll(() => cli.stderr()).toMatch(/GET \/api\/v1\/health 401 \d+ms/)
    expect(cli.stderr()).toMatch(/GET \/api\/v1\/sessions\?q=<token> 200 \d+ms/)
    expect(cli.stderr()).not.toContain(TOKEN)
    expect(cli.stdout().split(TOKEN)).toHaveLength(2)
  })

  it('D18: answers 403 forbidden_host to a foreign Host and serves one of --allow-host', async () => {
    const origin = new URL(cli.url).origin
    const headers = { authorization: `Bearer ${TOKEN}` }
    const foreign = await rawRequest(origin, '/api/v1/health', { headers: { ...headers, host: 'evil.example' } })
    expect(exactErrorEnvelope.parse(foreign.json()).error.code).toBe('forbidden_host')
    expect((await rawRequest(origin, '/api/v1/health', { headers: { ...headers, host: 'mock.test' } })).status).toBe(
      200,
    )
  })

  it('D18: adds no CORS header without --cors', async () => {
    const answer = await call(cli, '/health', { headers: { Origin: 'http://localhost:5173' } })
    expect(answer.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('D18: serves /openapi.json and /docs without a token', async () => {
    const origin = new URL(cli.url).origin
    const document = await fetch(`${origin}/openapi.json`)
    expect(document.status).toBe(200)
    expect(((await document.json()) as { servers: { url: string }[] }).servers).toEqual([{ url: cli.url }])
    const docs = await fetch(`${origin}/docs`, { redirect: 'manual' })
    expect(docs.status).toBeLessThan(400)
  })

  it('D15: reports a running import on stderr', async () => {
    const items = [{ projectPath: '/p/a.als' }, { projectPath: '/p/b.rpp' }]
    expect((await call(cli, '/import', json({ items }))).status).toBe(202)
    await expect
      .poll(() => cli.stderr(), { timeout: 5_000 })
      .toMatch(/import \S+: 2\/2 items \(0 failed, 0 skipped\), done in \d+ms/)
  })
})

describe('session-library-mock --data', () => {
  it('MOCK.md: creates the file from the seeded library, holds the current library once idle, keeps it across restarts and never reuses an id', async () => {
    const file = join(directory, 'library.json')
    const first = await runCli(['--port', '0', '--data', file, '--sessions', '2', '--seed', '3', '--quiet'])
    const saved = () => readFile(file, 'utf8').then((text) => librarySnapshot.parse(JSON.parse(text)))
    expect((await saved()).sessions).toHaveLength(2)
    const created = (await (await call(first, '/sessions', json({ title: 'Kept' }))).json()) as { data: { id: string } }
    // Durable at once in the change log; in the file itself once the mock has been idle a moment.
    await expect
      .poll(async () => (await saved()).sessions.map(({ id }) => id), { timeout: 10_000 })
      .toContain(created.data.id)
    const removed = (await (await call(first, '/sessions', json({ title: 'Removed' }))).json()) as {
      data: { id: string }
    }
    expect((await call(first, `/sessions/${removed.data.id}`, { method: 'DELETE' })).status).toBe(200)
    expect(await first.stop('SIGTERM')).toBe(0)

    const second = await runCli(['--port', '0', '--data', file, '--sessions', '10', '--seed', '3', '--quiet'])
    const list = (await (await call(second, '/sessions')).json()) as { data: { id: string; title: string }[] }
    expect(list.data.map(({ title }) => title)).toContain('Kept')
    expect(list.data).toHaveLength(3)
    const next = (await (await call(second, '/sessions', json({ title: 'New' }))).json()) as { data: { id: string } }
    expect([created.data.id, removed.data.id, ...list.data.map(({ id }) => id)]).not.toContain(next.data.id)
    expect(await second.stop('SIGINT')).toBe(0)
  })

  it.each([
    ['does not parse', '{"version": 1, "nextId": '],
    ['does not match the library format', JSON.stringify({ version: 2, nextId: 1, sessions: [], lanes: [] })],
  ])('MOCK.md: stops with exit 2 and a message when the file %s, and leaves it untouched', async (_, text) => {
    const file = join(directory, `broken-${text.length}.json`)
    await writeFile(file, text)
    const cli = await runCli(['--port', '0', '--data', file])
    expect(await cli.exited).toBe(2)
    expect(cli.stderr()).toContain(`--data ${file}:`)
    expect(cli.stdout()).toBe('')
    expect(await readFile(file, 'utf8')).toBe(text)
  })

  it('D6: stops with exit 2 naming the record and the field when a session breaks the write rules, and leaves the file untouched', async () => {
    const file = join(directory, 'tags-twice.json')
    const session = { ...sessionRecord({ id: 'ses_twice', title: 'Twice', client: '' }), tags: ['drums', 'drums'] }
    const text = JSON.stringify({ version: 1, nextId: 2, sessions: [session], lanes: [] })
    await writeFile(file, text)
    const cli = await runCli(['--port', '0', '--data', file])
    expect(await cli.exited).toBe(2)
    expect(cli.stderr()).toContain(`--data ${file}: is not a library file: sessions[0].tags (record ses_twice)`)
    expect(cli.stderr()).toContain('edit or remove those records')
    expect(await readFile(file, 'utf8')).toBe(text)
  })

  it('MOCK.md: stops with exit 2 and a message when the file cannot be created (its directory is missing)', async () => {
    const file = join(directory, 'no-such-directory', 'library.json')
    const cli = await runCli(['--port', '0', '--data', file])
    expect(await cli.exited).toBe(2)
    expect(cli.stderr()).toContain(`--data ${file}: cannot be locked (ENOENT`)
  })
})

describe('session-library-mock: command line', () => {
  it.each([[['--bogus']], [['--port', 'x']], [['--mode', 'on']], [['--port']]])(
    'MOCK.md: a bad flag %j prints the usage and exits 2',
    async (args) => {
      const cli = await runCli(args)
      expect(await cli.exited).toBe(2)
      expect(cli.stderr()).toContain('Usage: session-library-mock')
      expect(cli.stdout()).toBe('')
    },
  )

  it('MOCK.md: --help prints the usage and --version the version, both exit 0', async () => {
    const help = await runCli(['--help'])
    expect(await help.exited).toBe(0)
    expect(help.stdout()).toContain('--allow-host <list>')
    const shown = await runCli(['--version'])
    expect(await shown.exited).toBe(0)
    expect(shown.stdout()).toBe(`${version}\n`)
  })

  it('D2: takes the token from SESSION_LIBRARY_TOKEN, else generates one', async () => {
    const fromEnv = await runCli(['--port', '0', '--quiet'], { SESSION_LIBRARY_TOKEN: 'env-token' })
    expect(fromEnv.token).toBe('env-token')
    const generated = await runCli(['--port', '0', '--quiet'])
    expect(generated.token).toMatch(/^[\w-]{32}$/)
    expect((await call(generated, '/health')).status).toBe(200)
    await Promise.all([fromEnv.stop(), generated.stop()])
  })

  it('MOCK.md: on SIGTERM it finishes the answer under way, then exits 0', async () => {
    const cli = await runCli(['--port', '0', '--quiet', '--cors', 'http://localhost:5173'])
    const faults = (init: RequestInit = {}) =>
      fetch(new URL('/__mock/faults', cli.url), {
        ...init,
        headers: { Authorization: `Bearer ${cli.token}`, 'Content-Type': 'application/json' },
      })
    await faults({ method: 'POST', body: JSON.stringify({ latency: 400, operation: 'health.get' }) })
    const answer = call(cli, '/health', { headers: { Origin: 'http://localhost:5173' } })
    // SIGTERM once the request is under way: its fault is used up as it arrives, before the 400 ms.
    await expect.poll(async () => (await (await faults()).json()).data).toEqual([])
    const code = cli.stop('SIGTERM')
    const finished = await answer
    expect(finished.status).toBe(200)
    expect(finished.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(await code).toBe(0)
  })
})
