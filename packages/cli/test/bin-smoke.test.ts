// A few runs of the bundled bin as its own process: the real start-up, a real pipe, a real
// pseudo-terminal (util-linux `script`). Everything else runs `main()` in process.
import { describe, expect, it } from 'vitest'
import { runBin, TOKEN, useMock } from './support/cli.js'

const mock = useMock({ sessions: 5 })

describe('the bin as a process', () => {
  it('#21: --url and --token before the command; `| cut -f2` gives the titles', async () => {
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

  it('#23.4: on a pseudo-terminal, a title with ESC]0;…BEL ESC[2J prints no ESC byte', async () => {
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

  it('#21.8: on a pseudo-terminal, sessions delete asks, and "n" keeps the session', async () => {
    const env = { SESSION_LIBRARY_URL: mock.server().url, SESSION_LIBRARY_TOKEN: TOKEN, NO_COLOR: '1' }
    const [session] = mock.server().api.snapshot().sessions
    const ran = await runBin(['sessions', 'delete', session?.id as string], { env, tty: true, stdin: 'n\n' })
    expect(ran.stdout).toContain(`Delete session ${session?.id}? [y/N]`)
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
