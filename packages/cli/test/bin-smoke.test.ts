// A few runs of the bundled bin as its own process: the real start-up, a real pipe, a real
// pseudo-terminal (util-linux `script`). Everything else runs `main()` in process.
import { spawnSync } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SessionLibrary } from '@session-library/sdk'
import { describe, expect, inject, it } from 'vitest'
import { startDeviantServer } from '../../../test-support/deviant-server.js'
import { json, runBin, TOKEN, useMock } from './support/cli.js'

const mock = useMock({ sessions: 5 })

describe('the bin as a process', () => {
  it("keeps the compiled code of what a run loads in Node's compile cache, so later runs skip compiling it", async () => {
    // The package's layout: bin/ beside dist/bin.js (here the bin bundled from the sources).
    const directory = await mkdtemp(join(tmpdir(), 'cli-bin-'))
    try {
      await mkdir(join(directory, 'bin'))
      await mkdir(join(directory, 'dist'))
      await mkdir(join(directory, 'tmp'))
      const bin = join(directory, 'bin', 'session-library.js')
      await copyFile(fileURLToPath(new URL('../bin/session-library.js', import.meta.url)), bin)
      await copyFile(inject('cliBin'), join(directory, 'dist', 'bin.js'))
      // Node's default place for it: node-compile-cache in the temporary directory.
      const ran = spawnSync(process.execPath, [bin, '--version'], {
        env: { ...process.env, TMPDIR: join(directory, 'tmp'), NODE_COMPILE_CACHE: undefined },
        encoding: 'utf8',
      })
      expect(ran.status, ran.stderr).toBe(0)
      expect(ran.stdout).toMatch(/^\d+\.\d+\.\d+/)
      expect((await readdir(join(directory, 'tmp', 'node-compile-cache'), { recursive: true })).length).toBeGreaterThan(
        0,
      )
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
  })

  it('--url and --token before the command; `| cut -f2` gives the titles', async () => {
    const ran = await runBin(['--url', mock.server().url, '--token', TOKEN, 'sessions', 'list', '--sort', '-title'], {
      shell: '| cut -f2',
    })
    // The page line goes to stderr: only data reaches the pipe.
    expect(ran).toMatchObject({ code: 0, stderr: '1–5 of 5\n' })
    const titles = mock
      .server()
      .api.snapshot()
      .sessions.map((session) => session.title)
      .sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' }))
    expect(ran.stdout.trim().split('\n')).toEqual(titles)
  })

  it('exit 2 for a usage error, with nothing on stdout', async () => {
    const ran = await runBin(['sesions', 'list'])
    expect(ran).toMatchObject({ code: 2, stdout: '' })
    expect(ran.stderr).toMatch(/^error: unknown command 'sesions' \(did you mean 'sessions'\?\)\n/)
  })

  it('on a pseudo-terminal, a title with ESC]0;…BEL ESC[2J prints no ESC byte', async () => {
    const env = { SESSION_LIBRARY_URL: mock.server().url, SESSION_LIBRARY_TOKEN: TOKEN, NO_COLOR: '1' }
    const created = await runBin(['sessions', 'create', '--title', 'Evil \u001b]0;OWNED\u0007\u001b[2J', '--json'], {
      env,
    })
    expect(created.code).toBe(0)
    const ran = await runBin(['sessions', 'list'], { env, tty: true })
    expect(ran.code).toBe(0)
    expect(ran.stdout).toContain('Evil \\e]0;OWNED\\x07\\e[2J')
    expect(ran.stdout).not.toContain('\u001b')
    expect(ran.stdout).not.toContain('\u0007')
  })

  it('colour on a terminal: a bold header and a red error label', async () => {
    const env = { SESSION_LIBRARY_URL: mock.server().url, SESSION_LIBRARY_TOKEN: TOKEN }
    const [table, error] = await Promise.all([
      runBin(['sessions', 'list', '--limit', '1'], { env, tty: true }),
      runBin(['sessions', 'get', 'ses_missing'], { env, tty: true }),
    ])
    expect(table.stdout.startsWith('\u001b[1mid ')).toBe(true)
    expect(error.stdout).toContain('\u001b[31merror:\u001b[39m 404 not_found')
  })

  it('on a pseudo-terminal, sessions delete asks, and "n" keeps the session', async () => {
    const env = { SESSION_LIBRARY_URL: mock.server().url, SESSION_LIBRARY_TOKEN: TOKEN, NO_COLOR: '1' }
    const [session] = mock.server().api.snapshot().sessions
    const ran = await runBin(['sessions', 'delete', session?.id as string], { env, tty: true, stdin: 'n\n' })
    expect(ran.stdout).toContain(`Delete session “${session?.title}” (${session?.id})? [y/N]`)
    expect(ran.stdout).toContain('error: cancelled; nothing was changed')
    expect(ran.code).toBe(2)
    expect(
      mock
        .server()
        .api.snapshot()
        .sessions.map((one) => one.id),
    ).toContain(session?.id)
  })
})

describe('what a shell user runs, from the bin', () => {
  const env = () => ({ SESSION_LIBRARY_URL: mock.server().url, SESSION_LIBRARY_TOKEN: TOKEN })
  const journaled = () => mock.server().api.journal().length

  it('D10, D11: sessions list --sort -title --recent prints the rows the SDK lists for the same query', async () => {
    const ran = await runBin(['sessions', 'list', '--sort', '-title', '--recent', '--fields', 'id'], { env: env() })
    const client = new SessionLibrary({ baseUrl: mock.server().url, token: TOKEN })
    const { data } = await client.sessions.list({ sort: '-title', recent: true })
    expect(ran.code).toBe(0)
    expect(ran.stdout.trim().split('\n')).toEqual(data.map((session) => session.id))
  })

  it('D6: sessions create --title T --tags a,b makes a session tagged a and b', async () => {
    const ran = await runBin(['sessions', 'create', '--title', 'Tagged', '--tags', 'a,b', '--json'], { env: env() })
    expect(ran.code).toBe(0)
    expect(json(ran)).toMatchObject({ title: 'Tagged', tags: ['a', 'b'] })
  })

  it('D4: sessions create without --title exits 2 naming it, and the mock receives no request', async () => {
    const before = journaled()
    const ran = await runBin(['sessions', 'create', '--kind', 'ableton'], { env: env() })
    expect(ran).toMatchObject({ code: 2, stdout: '' })
    expect(ran.stderr).toContain('error: title: is required')
    expect(journaled()).toBe(before)
  })

  it('--fields titel exits 2 naming title', async () => {
    const ran = await runBin(['sessions', 'list', '--fields', 'titel'], { env: env() })
    expect(ran).toMatchObject({ code: 2, stdout: '' })
    expect(ran.stderr).toContain("'title'")
  })

  it('D20: with the server down, the message names 127.0.0.1:<port> and ECONNREFUSED, exit 3', async () => {
    const down = await startDeviantServer()
    await down.close()
    const ran = await runBin(['health', '--url', down.url, '--token', TOKEN])
    expect(ran.code).toBe(3)
    expect(ran.stderr).toContain(`ECONNREFUSED ${new URL(down.url).host}`)
  })

  it('auth login, then auth status with no environment, in a temporary HOME: a 0600 file, the token in no output', async () => {
    const home = await mkdtemp(join(tmpdir(), 'cli-home-'))
    try {
      const homeEnv = { HOME: home, XDG_CONFIG_HOME: undefined }
      const login = await runBin(['auth', 'login', '--url', mock.server().url, '--token', TOKEN], { env: homeEnv })
      expect(login.code, login.stderr).toBe(0)
      const file = join(home, '.config', 'session-library', 'hosts.json')
      expect((await stat(file)).mode & 0o777).toBe(0o600)
      const status = await runBin(['auth', 'status'], { env: homeEnv })
      expect(status.code, status.stderr).toBe(0)
      expect(status.stdout + status.stderr).toContain(mock.server().url)
      const health = await runBin(['health', '--json'], { env: homeEnv })
      expect(health.code, health.stderr).toBe(0)
    } finally {
      await rm(home, { recursive: true, force: true })
    }
  })
})
