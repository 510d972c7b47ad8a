import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Ran, runCli, TOKEN, useMock } from './support/cli.js'

const mock = useMock()
const run = (args: string[], env: Record<string, string | undefined> = {}) =>
  runCli(args, { env: { ...mock.env(), ...env } })

// A server that answers 200 with a health snapshot that breaks the contract: only exit code 4 needs it,
// since the mock always answers exactly.
let wrong: Server
let wrongUrl = ''
beforeAll(async () => {
  wrong = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ data: { status: 42 } }))
  })
  await new Promise<void>((resolve) => wrong.listen(0, '127.0.0.1', resolve))
  wrongUrl = `http://127.0.0.1:${(wrong.address() as AddressInfo).port}/api/v1`
})
afterAll(() => new Promise((resolve) => wrong.close(resolve)))

// A port nothing listens on any more: a server's, closed.
let downPort = 0
beforeAll(async () => {
  const down = createServer()
  await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve))
  downPort = (down.address() as AddressInfo).port
  await new Promise((resolve) => down.close(resolve))
})

describe('exit codes a script can branch on, and the token never printed', () => {
  it('2: an unknown command, an unknown flag, a missing <id>, a bad --body or flag value, no token', async () => {
    const cases: [string[], RegExp][] = [
      [['sesions', 'list'], /^error: unknown command 'sesions' \(did you mean 'sessions'\?\)\n/],
      [['sessions', 'lsit'], /^error: unknown command 'sessions lsit' \(did you mean 'sessions list'\?\)\n/],
      [['sessions', 'list', '--colour'], /^error: unknown flag '--colour'\n/],
      [['sessions', 'list', '--limt', '2'], /^error: unknown flag '--limt' \(did you mean '--limit'\?\)\n/],
      [['sessions', 'get'], /^error: missing <id>\n/],
      [['sessions', 'get', 'a', 'b'], /^error: unexpected argument 'b'\n/],
      [['sessions', 'create', '--body', '{"title":'], /^error: --body: not valid JSON/],
      [['sessions', 'create', '--body', '[1]'], /^error: --body: must be a JSON object\n/],
      [
        ['sessions', 'create', '--body', '@/nonexistent/body.json'],
        /^error: --body: cannot read \/nonexistent\/body.json \(ENOENT\)/,
      ],
      [['health', '--timeout', 'soon'], /^error: --timeout: "soon" is not a whole number of ms\n/],
      [
        ['--limit', '2', 'sessions', 'list'],
        /^error: --limit is a flag of 'sessions list': put it after the command \(session-library sessions list --limit 2\)\n/,
      ],
      [['--json'], /^error: no command: session-library <command> \[flags\]\n/],
      [['sessions', 'list', '--sort'], /^error: --sort needs a value <text>\n/],
      [['sessions', 'list', '--recent=maybe'], /^error: --recent: "maybe" is not true or false\n/],
      [
        ['health', '--url', 'localhost:4777/api/v1'],
        /^error: baseUrl must be an http:\/\/ or https:\/\/ URL, .*: localhost:4777/,
      ],
      [['health', '--url', 'ftp://files.test/api/v1'], /^error: baseUrl must be an http:\/\/ or https:\/\/ URL/],
    ]
    const runs = await Promise.all(cases.map(([args]) => run(args)))
    for (const [index, [args, message]] of cases.entries()) {
      const ran = runs[index] as Ran
      expect({ args, code: ran.code, stdout: ran.stdout }).toEqual({ args, code: 2, stdout: '' })
      expect(ran.stderr).toMatch(message)
      expect(ran.stderr).toMatch(/Run 'session-library .*--help' for usage\.\n$/)
    }
    const noToken = await run(['health'], { SESSION_LIBRARY_TOKEN: undefined })
    expect(noToken).toMatchObject({ code: 2, stdout: '' })
    expect(noToken.stderr).toMatch(
      /^error: no token\. Pass --token, set SESSION_LIBRARY_TOKEN, or run 'session-library auth login'\.\n/,
    )
  })

  it('2: an empty argument is a usage error and nothing is sent (no GET /sessions/), but for the text of notes set', async () => {
    const before = mock.server().api.journal().length
    const runs = await Promise.all([
      run(['sessions', 'get', '']),
      run(['notes', 'put', '', '--notes', 'x']),
      run(['tags', 'add', '', 'drums']),
      run(['notes', 'clear', '', '--yes']),
    ])
    for (const ran of runs) {
      expect(ran).toMatchObject({ code: 2, stdout: '' })
      expect(ran.stderr).toMatch(/^error: <id> must not be empty\n/)
    }
    const emptyTag = await run(['tags', 'add', 'ses_1', 'a', ''])
    expect(emptyTag).toMatchObject({ code: 2, stdout: '' })
    expect(emptyTag.stderr).toMatch(/^error: <tag> must not be empty\n/)
    expect(mock.server().api.journal()).toHaveLength(before)
    const [session] = mock.server().api.snapshot().sessions
    const cleared = await run(['notes', 'set', session?.id as string, ''])
    expect(cleared.code, cleared.stderr).toBe(0)
  })

  it('2: an update or patch with nothing to change is a usage error naming the flags, and nothing is sent', async () => {
    const before = mock.server().api.journal().length
    const id = mock.server().api.snapshot().sessions[0]?.id as string
    const runs = await Promise.all([run(['sessions', 'update', id]), run(['tags', 'patch', id, '--yes'])])
    for (const ran of runs) {
      expect(ran).toMatchObject({ code: 2, stdout: '' })
      expect(ran.stderr).toMatch(/^error: nothing to change: give --\w.* or --body\n/)
    }
    expect(runs[0]?.stderr).toContain('--title')
    expect(mock.server().api.journal()).toHaveLength(before)
  })

  it("0: a group's word alone shows its commands (as gh repo), on stdout", async () => {
    const ran = await run(['sessions'])
    expect(ran).toMatchObject({ code: 0, stderr: '' })
    expect(ran.stdout).toMatch(/^Usage: session-library sessions <command> \[flags\]/)
    expect(ran.stdout).toContain('sessions update <id>')
  })

  it('2: a token with a control character is a usage error naming where it came from, the token never printed', async () => {
    const secret = 'tok-secret-42'
    const flag = await run(['health', '--token', `${secret}\nX`])
    expect(flag).toMatchObject({ code: 2, stdout: '' })
    expect(flag.stderr).toMatch(/^error: --token: the token holds a control character/)
    const env = await run(['health'], { SESSION_LIBRARY_TOKEN: `${secret}\r` })
    expect(env).toMatchObject({ code: 2, stdout: '' })
    expect(env.stderr).toMatch(/^error: SESSION_LIBRARY_TOKEN: the token holds a control character/)
    const check = await run(['check', '--token', `${secret}\u0007`])
    expect(check).toMatchObject({ code: 2, stdout: '' })
    for (const ran of [flag, env, check]) expect(ran.stderr).not.toContain(secret)
  })

  it('1: a refused token is 401 unauthorized (D2); --token and --url win over the environment', async () => {
    const refused = await run(['health'], { SESSION_LIBRARY_TOKEN: 'wrong-token' })
    expect(refused).toMatchObject({ code: 1, stdout: '' })
    expect(refused.stderr).toMatch(/^error: 401 unauthorized: .*GET \/api\/v1\/health\)/)
    expect(refused.stderr).toContain(
      ". Pass --token, set SESSION_LIBRARY_TOKEN, or run 'session-library auth login'.\n",
    )
    const flags = await run(['health', '--json', '--token', TOKEN, '--url', mock.server().url], {
      SESSION_LIBRARY_TOKEN: 'wrong-token',
      SESSION_LIBRARY_URL: 'http://127.0.0.1:9/api/v1',
    })
    expect(flags.code).toBe(0)
  })

  it('1: a base URL without /api/v1 gets 404 route not found, and the SDK’s message says to add it', async () => {
    const base = mock.server().url.replace(/\/api\/v1$/, '')
    const ran = await run(['sessions', 'list'], { SESSION_LIBRARY_URL: base })
    expect(ran).toMatchObject({ code: 1, stdout: '' })
    expect(ran.stderr).toMatch(/^error: 404 not_found: .*\(sessions\.list GET \/sessions\)/)
    expect(ran.stderr).toContain(`${base}/api/v1`)
  })

  it('3: nothing listening (network error), and an answer slower than --timeout', async () => {
    const closed = await run(['health', '--retries', '0'], {
      SESSION_LIBRARY_URL: `http://127.0.0.1:${downPort}/api/v1`,
    })
    expect(closed).toMatchObject({ code: 3, stdout: '' })
    expect(closed.stderr).toBe(
      `error: health.get: network error (GET http://127.0.0.1:${downPort}/api/v1/health): ECONNREFUSED 127.0.0.1:${downPort}\n`,
    )
    // "no host, no ECONNREFUSED": the message names the target and the system's cause.
    expect(closed.stderr).toContain(`127.0.0.1:${downPort}`)
    expect(closed.stderr).toContain('ECONNREFUSED')
    mock.server().api.injectFault({ latency: 3_000, operation: 'health.get' })
    const slow = await run(['health', '--timeout', '200', '--retries', '0'])
    mock.server().api.clearFaults()
    expect(slow).toMatchObject({ code: 3, stdout: '' })
    expect(slow.stderr).toBe(`error: health.get: no answer within 200 ms (GET ${mock.server().url}/health)\n`)
  })

  it("--retries: a read is retried after a 503 by default (the SDK's policy), not with --retries 0 (exit 1)", async () => {
    const fault = { status: 503, count: 1, operation: 'health.get' } as const
    mock.server().api.injectFault(fault)
    const retried = await run(['health', '--json'])
    expect(retried.code).toBe(0)
    mock.server().api.injectFault(fault)
    const once = await run(['health', '--retries', '0'])
    mock.server().api.clearFaults()
    expect(once).toMatchObject({ code: 1, stdout: '' })
    expect(once.stderr).toMatch(/^error: 503 \w+: .+ \(health\.get GET \/api\/v1\/health\)\n$/)
  })

  it('4: an answer that does not match the contract names the field', async () => {
    const invalid = await run(['health'], { SESSION_LIBRARY_URL: wrongUrl })
    expect(invalid).toMatchObject({ code: 4, stdout: '' })
    expect(invalid.stderr).toMatch(/^error: health\.get: the answer does not match the contract: data\.status/)
  })

  it('--verbose logs each request and answer on stderr with Authorization redacted; stdout holds only the data', async () => {
    const verbose = await run(['sessions', 'get', 'ses_missing', '--verbose', '--token', TOKEN])
    expect(verbose).toMatchObject({ code: 1, stdout: '' })
    expect(verbose.stderr).toMatch(
      /^\* request: GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/sessions\/ses_missing \(attempt 1\)$/m,
    )
    expect(verbose.stderr).toMatch(/^\* {3}authorization: Bearer \[redacted\]$/m)
    expect(verbose.stderr).toMatch(/^\* response: GET .+ → 404$/m)
    const ok = await run(['health', '--json', '--verbose'])
    expect(JSON.parse(ok.stdout)).toMatchObject({ status: 'ok' })
  })

  it('colour on a terminal (a bold table header, a red error label), never with NO_COLOR', async () => {
    const [table, error, noColour] = await Promise.all([
      runCli(['sessions', 'list', '--limit', '1'], { env: mock.env(), tty: true }),
      runCli(['sessions', 'get', 'ses_missing'], { env: mock.env(), tty: true }),
      runCli(['sessions', 'list', '--limit', '1'], { env: { ...mock.env(), NO_COLOR: '1' }, tty: true }),
    ])
    expect(table.stdout.startsWith('\u001b[1mid ')).toBe(true)
    expect(error.stderr).toContain('\u001b[31merror:\u001b[39m 404 not_found')
    expect(noColour.stdout).toMatch(/^id +title/)
    expect(noColour.stdout).not.toContain('\u001b[')
  })

  it('colour never with NO_COLOR or on a pipe: no escape sequences in any output', async () => {
    const plain = await run(['sessions', 'list', '--limit', '2'])
    const noColour = await run(['sessions', 'get', 'ses_missing'], { NO_COLOR: '1' })
    for (const text of [plain.stdout, plain.stderr, noColour.stderr]) expect(text).not.toContain('\u001b[')
  })
})
